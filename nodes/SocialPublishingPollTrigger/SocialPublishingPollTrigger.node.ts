import {
	NodeConnectionTypes,
	NodeOperationError,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IPollFunctions,
} from 'n8n-workflow';

import {
	CREDENTIAL_TYPE,
	idProblem,
	startPoll,
	withoutSecretsInError,
	withoutSecretsOut,
} from '../common/transport';
import { echo, echoList } from '../common/text/echo';
import { searchSocialSets } from '../common/socialSets';
import {
	ANY_STATUS,
	DRAFT_STATUSES,
	POLL_EVENTS,
	pollTriggerProperties,
	type PollOptions,
} from './description';
import { asNodeError } from './draftPages';
import { latestSample } from './manual';
import { pollChanges, type PollParams } from './poll';

const EVENT_VALUES: readonly string[] = Object.values(POLL_EVENTS);
const STATUS_VALUES: readonly string[] = [ANY_STATUS, ...DRAFT_STATUSES];

/** The parameters, checked before any request. */
function readParams(ctx: IPollFunctions): PollParams {
	const node = ctx.getNode();
	const socialSetId = String(
		ctx.getNodeParameter('socialSetId', '', { extractValue: true }) ?? '',
	).trim();
	const problem = idProblem(socialSetId);
	if (problem) {
		const what =
			problem === 'must be a whole number' ? 'must be a social set ID (a whole number)' : problem;
		throw new NodeOperationError(
			node,
			`Parameter "Social Set" ${what}, got "${echo(socialSetId, 80)}"`,
			{
				description: 'Pick the social set whose drafts to watch from the list, or give its ID.',
			},
		);
	}
	const events = ctx.getNodeParameter('events', []) as unknown;
	if (!Array.isArray(events) || events.length === 0) {
		throw new NodeOperationError(node, 'Parameter "Events" needs at least one event to watch for');
	}
	const unknown = events.filter((event) => !EVENT_VALUES.includes(String(event)));
	if (unknown.length > 0) {
		throw new NodeOperationError(
			node,
			`Parameter "Events" holds unknown events: ${echoList(unknown)}`,
			{
				description: `Known events: ${EVENT_VALUES.join(', ')}`,
			},
		);
	}
	const toStatus = events.includes(POLL_EVENTS.statusChanged)
		? String(ctx.getNodeParameter('toStatus', ANY_STATUS))
		: ANY_STATUS;
	if (!STATUS_VALUES.includes(toStatus)) {
		throw new NodeOperationError(
			node,
			`Parameter "To Status" must be one of ${STATUS_VALUES.join(', ')}, got "${echo(toStatus, 80)}"`,
		);
	}
	const options = readOptions(ctx);
	return {
		socialSetId,
		selection: { events: events.map(String), toStatus },
		draftOutput: options.draftOutput ?? 'detail',
		rawPayload: options.rawPayload ?? false,
	};
}

/**
 * Options: an option left out takes its default; one given another value (an expression's object, text
 * where a switch is due, a choice the list lacks) is refused naming it, never read as the default.
 */
function readOptions(ctx: IPollFunctions): Partial<PollOptions> {
	const options = ctx.getNodeParameter('options', {}) as Record<string, unknown>;
	const given = (key: string) => Object.prototype.hasOwnProperty.call(options, key);
	const { draftOutput, rawPayload } = options;
	if (given('draftOutput') && draftOutput !== 'detail' && draftOutput !== 'summary')
		throw new NodeOperationError(
			ctx.getNode(),
			`Parameter "Draft Data" must be "detail" or "summary", got ${echo(JSON.stringify(draftOutput) ?? String(draftOutput), 80)}`,
		);
	if (given('rawPayload') && typeof rawPayload !== 'boolean')
		throw new NodeOperationError(
			ctx.getNode(),
			`Parameter "Output Raw Payload" must be true or false, got ${echo(JSON.stringify(rawPayload) ?? String(rawPayload), 80)}`,
		);
	return { draftOutput, rawPayload } as Partial<PollOptions>;
}

export class SocialPublishingPollTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Social Publishing Poll Trigger',
		name: 'socialPublishingPollTrigger',
		icon: { light: 'file:socialPublishing.svg', dark: 'file:socialPublishing.dark.svg' },
		group: ['trigger'],
		version: 1,
		polling: true,
		subtitle: '={{($parameter["events"] || []).join(", ")}}',
		description:
			'Starts the workflow when drafts of a social set are created, change status, publish or fail, by checking the service on a schedule',
		defaults: { name: 'Social Publishing Poll Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: CREDENTIAL_TYPE, required: true }],
		properties: pollTriggerProperties,
	};

	methods = { listSearch: { searchSocialSets } };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		startPoll(this);
		const params = readParams(this);
		let events: INodeExecutionData[][] | null;
		try {
			events =
				this.getMode() === 'manual'
					? await latestSample(this, params)
					: await pollChanges(this, params);
		} catch (error) {
			// its texts may copy the service's values: the credential's secrets in them are not passed on
			throw await withoutSecretsInError(this, asNodeError(this, error));
		}
		// the drafts are the service's data, passed through; the credential's secrets in them are not
		for (const output of events ?? []) await withoutSecretsOut(this, output);
		return events;
	}
}
