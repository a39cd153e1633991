import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { echo } from '../../../../common/text/echo';
import type { Report } from '../content/report';
import type { Checks } from '../plan/checks';

/** Validate Only: the option, and the collector that notes every problem instead of stopping at the first. */

export const validateOnlyOption: INodeProperties = {
	displayName: 'Validate Only',
	name: 'validateOnly',
	type: 'boolean',
	default: false,
	description:
		'Whether to run every check and the reads they need (tags, the time zone, the next free slot, the draft on Update) and return what would be sent, with every problem found, without writing or uploading anything',
};

/** Problems listed in full in one answer; the rest are counted (`problemsOmitted`). */
export const MAX_LISTED_PROBLEMS = 100;

/** Characters of one listed problem: a longer message is cut (`echo`), with the length it had. */
export const MAX_PROBLEM_LENGTH = 1000;

function messageOf(error: unknown): string {
	const message =
		error instanceof Error
			? error.message
			: typeof error === 'object' && error !== null && 'message' in error
				? String(error.message)
				: String(error);
	return message.length > MAX_PROBLEM_LENGTH ? echo(message, MAX_PROBLEM_LENGTH) : message;
}

/**
 * A plan's checks in collect mode (plan/checks.ts). The problems of one item, each once, in the order found: the first 100 listed, the others counted. Each is
 * looked up in a set of those seen, so noting n problems takes time linear in n.
 */
export class Problems implements Checks {
	readonly collects = true;

	readonly list: string[] = [];

	private readonly seen = new Set<string>();

	private omitted = 0;

	readonly report: Report = (error) => this.add(error);

	add(error: unknown): void {
		const message = messageOf(error);
		if (this.seen.has(message)) return;
		this.seen.add(message);
		if (this.list.length < MAX_LISTED_PROBLEMS) this.list.push(message);
		else this.omitted++;
	}

	/** Runs one step; a problem it throws is noted and the step gives undefined. */
	run<T>(step: () => T): T | undefined {
		try {
			return step();
		} catch (error) {
			this.add(error);
			return undefined;
		}
	}

	async runAsync<T>(step: () => Promise<T>): Promise<T | undefined> {
		try {
			return await step();
		} catch (error) {
			this.add(error);
			return undefined;
		}
	}

	/** The fields every Validate Only answer starts with; `problemsOmitted` only when problems were left out. */
	verdict(): IDataObject {
		return {
			validate_only: true,
			valid: this.list.length === 0,
			problems: this.list,
			...(this.omitted ? { problemsOmitted: this.omitted } : {}),
		};
	}
}
