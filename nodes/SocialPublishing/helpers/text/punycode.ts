/**
 * Punycode (RFC 3492) encoding of one domain label, as IDNA writes a non-ASCII label (`xn--` + code).
 * Only the length matters to the link rules of X (a label longer than 63 characters once encoded is no domain),
 * but the code is the real encoding so it can be checked against known labels.
 */

const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;
const INITIAL_BIAS = 72;
const INITIAL_N = 128;

function adapt(delta: number, points: number, first: boolean): number {
	let d = first ? Math.floor(delta / DAMP) : delta >> 1;
	d += Math.floor(d / points);
	let k = 0;
	while (d > ((BASE - T_MIN) * T_MAX) >> 1) {
		d = Math.floor(d / (BASE - T_MIN));
		k += BASE;
	}
	return Math.floor(k + ((BASE - T_MIN + 1) * d) / (d + SKEW));
}

function digit(d: number): string {
	return String.fromCharCode(d < 26 ? 97 + d : 22 + d);
}

/**
 * The Punycode of a string (without the `xn--` prefix). Its work grows with the length times the number of distinct
 * code points, so callers pass single labels: the link rules encode a label only when it has at most 63 code points
 * (a longer one is no domain label whatever its encoding).
 */
export function punycodeEncode(input: string): string {
	const points = Array.from(input, (ch) => ch.codePointAt(0) as number);
	const output: string[] = points.filter((cp) => cp < 0x80).map((cp) => String.fromCharCode(cp));
	const basic = output.length;
	let handled = basic;
	if (basic > 0) output.push('-');
	let n = INITIAL_N;
	let delta = 0;
	let bias = INITIAL_BIAS;
	while (handled < points.length) {
		let m = Infinity;
		for (const cp of points) if (cp >= n && cp < m) m = cp;
		delta += (m - n) * (handled + 1);
		n = m;
		for (const cp of points) {
			if (cp < n) delta++;
			if (cp !== n) continue;
			let q = delta;
			for (let k = BASE; ; k += BASE) {
				const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
				if (q < t) break;
				output.push(digit(t + ((q - t) % (BASE - t))));
				q = Math.floor((q - t) / (BASE - t));
			}
			output.push(digit(q));
			bias = adapt(delta, handled + 1, handled === basic);
			delta = 0;
			handled++;
		}
		delta++;
		n++;
	}
	return output.join('');
}

/** A label as IDNA's ToASCII writes it: unchanged when ASCII, else `xn--` and its Punycode. */
export function labelToAscii(label: string): string {
	for (let i = 0; i < label.length; i++)
		if (label.charCodeAt(i) > 0x7f) return `xn--${punycodeEncode(label)}`;
	return label;
}
