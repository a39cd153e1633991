import type { IExecuteFunctions } from 'n8n-workflow';
import type { WriteLog, WriteWatch } from '../../../common/transport/writeWatch';
import { watchWrites } from '../../../common/transport/writeWatch';

export type { WriteLog } from '../../../common/transport/writeWatch';

/**
 * Watches the writes the transport sends for one try's context, item by item, so the router knows
 * whether an item's write may have been acted on. The transport notes each answer (writeWatch.ts).
 */
export class WriteWatcher implements WriteWatch {
	current: WriteLog = { stored: false, unknown: false };

	constructor(context: IExecuteFunctions) {
		watchWrites(context, this);
	}

	/** Starts the log of the next item. */
	startItem(): WriteLog {
		this.current = { stored: false, unknown: false };
		return this.current;
	}
}
