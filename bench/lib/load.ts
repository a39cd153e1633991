/**
 * How busy the machine was while a case ran, apart from the benchmark itself: the CPU time the whole
 * machine spent (Linux `/proc/stat`) less the CPU time of this process, its finished children (the media
 * workers) and the sandbox child (`/proc/<pid>/stat`), over the case's wall time. "Others' CPU" of 0.05
 * cores is a quiet machine; 1.0 means another process kept one core busy the whole time, and every time
 * ratio of that case is suspect. Elsewhere than Linux the share is unknown and only the load average is
 * recorded.
 */
import { readFileSync } from 'fs';
import { cpus, loadavg } from 'os';

/** Above this many cores used by other processes on average during a case, the machine counts as busy. */
export const BUSY_OTHERS_CORES = 0.25;

/** Clock ticks per second of `/proc` CPU times (USER_HZ, 100 on Linux on every common architecture). */
const TICKS_PER_SECOND = 100;

function readText(path: string): string | undefined {
	try {
		return readFileSync(path, 'utf8');
	} catch {
		return undefined;
	}
}

/** Busy seconds of the whole machine since boot: every field of the `cpu` line but idle and iowait. */
function machineBusySeconds(): number | undefined {
	const line = readText('/proc/stat')?.split('\n', 1)[0];
	if (!line?.startsWith('cpu ')) return undefined;
	const [user, nice, system, , , irq, softirq, steal] = line
		.trim()
		.split(/\s+/)
		.slice(1)
		.map(Number);
	const busy = user + nice + system + irq + softirq + (steal || 0);
	return Number.isFinite(busy) ? busy / TICKS_PER_SECOND : undefined;
}

/** CPU seconds of a process, its own and those of its children that have ended (`/proc/<pid>/stat`). */
function processSeconds(pid: number | 'self'): number | undefined {
	const text = readText(`/proc/${pid}/stat`);
	if (!text) return undefined;
	// The command name (field 2) may hold spaces: fields are counted after its closing parenthesis.
	const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
	const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((i) => Number(fields[i]));
	const total = utime + stime + cutime + cstime;
	return Number.isFinite(total) ? total / TICKS_PER_SECOND : undefined;
}

export interface LoadReading {
	/** 1-minute load average just before the case. */
	loadBefore: number;
	/** Average cores used by processes other than the benchmark's during the case; undefined when unknown. */
	othersCores?: number;
}

/** Starts a reading; the returned function ends it. `pids`: the benchmark's long-lived children. */
export function startLoadReading(pids: () => Array<number | undefined>): () => LoadReading {
	const loadBefore = loadavg()[0];
	const ownStart = (): number | undefined => {
		let sum = processSeconds('self');
		for (const pid of pids()) {
			if (pid === undefined || sum === undefined) continue;
			const seconds = processSeconds(pid);
			sum = seconds === undefined ? undefined : sum + seconds;
		}
		return sum;
	};
	const machineStart = machineBusySeconds();
	const own0 = ownStart();
	const wall0 = Date.now();
	return () => {
		const machineEnd = machineBusySeconds();
		const own1 = ownStart();
		const wallSeconds = (Date.now() - wall0) / 1000;
		if (
			machineStart === undefined ||
			machineEnd === undefined ||
			own0 === undefined ||
			own1 === undefined ||
			wallSeconds <= 0
		)
			return { loadBefore };
		const others = (machineEnd - machineStart - (own1 - own0)) / wallSeconds;
		return { loadBefore, othersCores: Math.max(0, Math.min(cpus().length, others)) };
	};
}

export function describeLoad(reading: LoadReading): string {
	const others =
		reading.othersCores === undefined ? 'unknown' : `${reading.othersCores.toFixed(2)} cores`;
	return `load ${reading.loadBefore.toFixed(2)} before; others' CPU ${others}`;
}

export function isBusy(reading: LoadReading): boolean {
	return reading.othersCores !== undefined && reading.othersCores > BUSY_OTHERS_CORES;
}
