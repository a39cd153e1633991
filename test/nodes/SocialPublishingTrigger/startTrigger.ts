import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';

import { SocialPublishingTrigger } from '../../../nodes/SocialPublishingTrigger/SocialPublishingTrigger.node';
import {
	startTriggerServer,
	type TriggerServer,
	type TriggerServerOptions,
} from '../../harness/webhookServer';
import { SECRET } from './deliveries';

export interface StartTriggerOptions {
	events?: string[];
	options?: IDataObject;
	credentials?: ICredentialDataDecryptedObject;
	failFirst?: number;
	dropResponse?: TriggerServerOptions['dropResponse'];
}

/** The Social Publishing Trigger behind the loopback webhook server, activated like n8n does. */
export async function startTrigger(opts: StartTriggerOptions = {}): Promise<TriggerServer> {
	return await startTriggerServer({
		nodeType: new SocialPublishingTrigger(),
		parameters: { events: opts.events ?? ['*'], options: opts.options ?? {} },
		credentials: opts.credentials ?? {
			apiKey: 'sp_test_read',
			baseUrl: 'http://127.0.0.1:9',
			webhookSecret: SECRET,
		},
		failFirst: opts.failFirst,
		dropResponse: opts.dropResponse,
	});
}
