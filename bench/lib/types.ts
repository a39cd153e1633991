import type { BenchConfig } from './config';
import type { SandboxProcess } from './sandboxProcess';

/** One line of the results table. `met` is undefined for lines that inform without a target. */
export interface Row {
	case: string;
	measure: string;
	result: string;
	target: string;
	met?: boolean;
	/** The machine's load while the case ran (filled in by run.ts). */
	load?: string;
}

export interface CaseContext {
	config: BenchConfig;
	sandbox: SandboxProcess;
	log(message: string): void;
}

export interface BenchCase {
	id: string;
	title: string;
	run(context: CaseContext): Promise<Row[]>;
}
