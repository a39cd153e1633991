import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { Report } from '../content/report';

/** Validate Only: the option, and the collector that notes every problem instead of stopping at the first. */

export const validateOnlyOption: INodeProperties = {
	displayName: 'Validate Only',
	name: 'validateOnly',
	type: 'boolean',
	default: false,
	description:
		'Whether to run every check and the reads they need (tags, the time zone, the next free slot, the draft on Update) and return what would be sent, with every problem found, without writing or uploading anything',
};

function messageOf(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}

/** The problems of one item, each once, in the order found. */
export class Problems {
	readonly list: string[] = [];

	readonly report: Report = (error) => this.add(error);

	add(error: unknown): void {
		const message = messageOf(error);
		if (!this.list.includes(message)) this.list.push(message);
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

	/** The fields every Validate Only answer starts with. */
	verdict(): IDataObject {
		return { validate_only: true, valid: this.list.length === 0, problems: this.list };
	}
}
