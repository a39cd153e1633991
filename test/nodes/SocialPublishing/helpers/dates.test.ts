import { DateTime } from 'luxon';
import {
	inZone,
	isPastInEveryZone,
	parseDateInput,
	toApiDateTime,
} from '../../../../nodes/SocialPublishing/helpers/dates';

function instantOf(value: unknown): string {
	const parsed = parseDateInput(value);
	if (parsed.kind !== 'instant') throw new Error(`expected an instant, got ${parsed.kind}`);
	return toApiDateTime(parsed.instant);
}

describe('parseDateInput', () => {
	test('ISO strings with an offset or Z are instants', () => {
		expect(instantOf('2030-03-01T10:00:00+01:00')).toBe('2030-03-01T09:00:00Z');
		expect(instantOf('2030-03-01T10:00:00.250Z')).toBe('2030-03-01T10:00:00.250Z');
		expect(instantOf('2030-03-01 10:00-0500')).toBe('2030-03-01T15:00:00Z');
	});

	test('a luxon DateTime and a JS Date are instants', () => {
		expect(instantOf(DateTime.fromISO('2030-06-01T12:00:00', { zone: 'Asia/Tokyo' }))).toBe(
			'2030-06-01T03:00:00Z',
		);
		expect(instantOf(new Date('2030-06-01T12:00:00Z'))).toBe('2030-06-01T12:00:00Z');
	});

	test('String(new Date()) and RFC 2822 text are instants', () => {
		expect(instantOf('Sat Jun 01 2030 14:00:00 GMT+0200 (Central European Summer Time)')).toBe(
			'2030-06-01T12:00:00Z',
		);
		expect(instantOf('Sat, 01 Jun 2030 14:00:00 +0200')).toBe('2030-06-01T12:00:00Z');
	});

	test('dates without offset (date picker, date only, space separator) are wall-clock times', () => {
		for (const text of ['2030-03-01T10:00:00', '2030-03-01 10:00', '2030-03-01']) {
			const parsed = parseDateInput(text);
			expect(parsed.kind).toBe('wallClock');
		}
	});

	test('keywords, empty and unreadable values', () => {
		expect(parseDateInput(' NOW ')).toEqual({ kind: 'keyword', keyword: 'now' });
		expect(parseDateInput('next-free-slot')).toEqual({
			kind: 'keyword',
			keyword: 'next-free-slot',
		});
		expect(parseDateInput('')).toEqual({ kind: 'empty' });
		expect(parseDateInput(undefined)).toEqual({ kind: 'empty' });
		expect(parseDateInput('tomorrow-ish')).toEqual({ kind: 'invalid', text: 'tomorrow-ish' });
		expect(parseDateInput(new Date('nope')).kind).toBe('invalid');
		expect(parseDateInput(42).kind).toBe('invalid');
	});
});

describe('inZone (a date without offset read in the social set time zone)', () => {
	const wall = (text: string) => {
		const parsed = parseDateInput(text);
		if (parsed.kind !== 'wallClock') throw new Error('expected wall clock');
		return parsed.wallClock;
	};

	test('winter and summer time in Europe/Berlin', () => {
		expect(toApiDateTime(inZone(wall('2030-01-15T09:00:00'), 'Europe/Berlin')!)).toBe(
			'2030-01-15T08:00:00Z',
		);
		expect(toApiDateTime(inZone(wall('2030-07-15T09:00:00'), 'Europe/Berlin')!)).toBe(
			'2030-07-15T07:00:00Z',
		);
	});

	test('America/New_York, and an unknown zone gives undefined', () => {
		expect(toApiDateTime(inZone(wall('2030-01-15 09:00'), 'America/New_York')!)).toBe(
			'2030-01-15T14:00:00Z',
		);
		expect(inZone(wall('2030-01-15 09:00'), 'Mars/Olympus')).toBeUndefined();
	});
});

describe('isPastInEveryZone', () => {
	const now = DateTime.fromISO('2030-01-01T12:00:00Z', { zone: 'utc' });
	const wall = (iso: string) => DateTime.fromISO(iso, { zone: 'utc' });

	test('past in every zone only when even UTC-12 would be past', () => {
		expect(isPastInEveryZone(wall('2029-12-31T23:59:00'), now)).toBe(true);
		expect(isPastInEveryZone(wall('2030-01-01T00:30:00'), now)).toBe(false);
		expect(isPastInEveryZone(wall('2030-01-01T11:00:00'), now)).toBe(false);
	});
});
