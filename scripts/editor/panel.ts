/**
 * What a builder reads in an open panel, compared with what the node's description says: each shown
 * field's label, hint and description (its tooltip), no raw expression text where a value should be, and
 * no empty option list. The expected texts come from the node's description (test/properties/catalog.ts).
 */
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import type { Locator, Page } from 'playwright-core';
import { shownParameters } from '../../test/properties/catalog';

/** A description text as the editor shows it: HTML tags dropped, entities read, spaces folded. */
export function shownText(html: string): string {
	return html
		.replace(/<[^>]*>/g, '')
		.replace(/&nbsp;/g, ' ')
		.replace(/&lt;/g, '<')
		.replace(/&gt;/g, '>')
		.replace(/&quot;/g, '"')
		.replace(/&#39;/g, "'")
		.replace(/&amp;/g, '&')
		.replace(/\s+/g, ' ')
		.trim();
}

/** Tooltips as n8n's editor shows them (reka-ui's in 2.x, element-plus's before). */
const TOOLTIPS = '[data-side]:visible, [role="tooltip"]:visible, .el-popper:visible';

const fold = (text: string) => text.replace(/\s+/g, ' ').trim();

interface FieldSeen {
	label: string;
	hint: string;
	values: string[];
}

/** Reads each top-level field of the open panel (found by its label, `for` its name): label, hint, input values. */
async function readFields(
	ndv: Locator,
	names: string[],
): Promise<Record<string, FieldSeen | null>> {
	return await ndv.evaluate((root, wanted) => {
		type Shown = { innerText: string };
		const params = root.querySelector('[data-test-id="node-parameters"]') ?? root;
		const out: Record<string, { label: string; hint: string; values: string[] } | null> = {};
		for (const name of wanted) {
			const label = params.querySelector(`label[for="${name}"]`);
			const item = label?.closest('[data-test-id="parameter-item"]') ?? null;
			if (!label || !item) {
				out[name] = null;
				continue;
			}
			const title = label.querySelector('[class*="_title_"]') ?? label;
			const values = [...item.querySelectorAll('input, textarea')].map(
				(e) => (e as unknown as { value: string }).value,
			);
			out[name] = {
				label: (title as unknown as Shown).innerText,
				// the hint is the text under the input (it has no test id of its own)
				hint: (item as unknown as Shown).innerText,
				values,
			};
		}
		return out;
	}, names);
}

/** The problems a builder would meet in the open panel of a node with these parameter values. */
export async function panelProblems(
	page: Page,
	ndv: Locator,
	values: Record<string, unknown>,
	opts: { tool?: boolean; hovered?: Set<string> } = {},
): Promise<string[]> {
	const { tool = false, hovered = new Set<string>() } = opts;
	const problems: string[] = [];
	const shown = shownParameters(values, tool).filter(
		(p) => p.type !== 'hidden' && p.name !== 'resource' && p.name !== 'operation',
	);
	const seen = await readFields(
		ndv,
		shown.map((p) => p.name),
	);
	for (const p of shown) {
		const field = seen[p.name];
		if (!field) {
			problems.push(`"${p.displayName}" (${p.name}) is not in the panel`);
			continue;
		}
		const label = fold(field.label).replace(/\s*\*$/, '');
		if (label !== fold(p.displayName))
			problems.push(`"${p.displayName}" shows the label "${label}"`);
		if (p.hint && !fold(field.hint).includes(shownText(p.hint)))
			problems.push(
				`"${p.displayName}": hint "${shownText(p.hint)}" not shown (shows "${fold(field.hint)}")`,
			);
		for (const value of field.values)
			if (value.includes('={{') || value.includes('{{ $'))
				problems.push(`"${p.displayName}" shows raw expression text "${value.slice(0, 80)}"`);
		if ((p.type === 'options' || p.type === 'multiOptions') && !p.typeOptions?.loadOptionsMethod) {
			const options = (p.options ?? []) as INodePropertyOptions[];
			if (options.length === 0) problems.push(`"${p.displayName}" has an empty option list`);
		}
	}
	// a field with the same name and description in many operations (Social Set, Draft ID) is hovered once
	const fresh = shown.filter((p) => !hovered.has(`${p.name}\u0000${p.description ?? ''}`));
	for (const p of fresh) hovered.add(`${p.name}\u0000${p.description ?? ''}`);
	problems.push(...(await descriptionProblems(page, ndv, fresh)));
	return problems;
}

/** Each field's description as its label's tooltip shows it (hovered one at a time). */
async function descriptionProblems(
	page: Page,
	ndv: Locator,
	shown: INodeProperties[],
): Promise<string[]> {
	const problems: string[] = [];
	for (const p of shown) {
		if (!p.description || p.type === 'notice') continue;
		const label = ndv.locator(`[data-test-id="node-parameters"] label[for="${p.name}"]`).first();
		try {
			// the icon shows (opacity 1) while the pointer is on the label, and is there to hover before
			await label.locator('[class*="_infoIcon_"]').first().hover({ timeout: 5_000 });
		} catch (error) {
			problems.push(
				`"${p.displayName}": its label could not be hovered: ${(error as Error).message.split('\n')[0]}`,
			);
			continue;
		}
		const expected = shownText(p.description);
		const tooltip = page.locator(TOOLTIPS).filter({ hasText: expected.slice(0, 40) });
		try {
			await tooltip.first().waitFor({ timeout: 3_000 });
		} catch {
			const visible = await page.locator(TOOLTIPS).allInnerTexts();
			problems.push(
				`"${p.displayName}": description "${expected}" not shown on hover (shown: ${JSON.stringify(visible.map(fold))})`,
			);
			continue;
		}
		const text = fold(await tooltip.first().innerText());
		if (!text.includes(expected))
			problems.push(`"${p.displayName}": description shows "${text}", not "${expected}"`);
	}
	await page.mouse.move(0, 0);
	return problems;
}
