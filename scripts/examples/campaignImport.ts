/**
 * The campaign import example (examples/campaign-import-utm-tags.json, docs/utm-tags.md): a CSV of five campaign
 * posts read by Extract from File, every row checked with Validate Only and UTM Tags, then one draft per row for X,
 * LinkedIn, Mastodon and Bluesky, every link with a scheme tagged with its platform as utm_source.
 */
import type { Example, Json, OutputOf, SandboxApi } from './catalog';
import { ensure } from './catalog';

const SET = 101;
const ROWS = 5;
const PLATFORMS = ['x', 'linkedin', 'mastodon', 'bluesky'];
const CAMPAIGN = 'utm_medium=social&utm_campaign=spring-launch';

type Posts = Record<string, { posts?: Array<{ text?: string }> } | undefined>;

/** The links with a scheme in a text, as written (up to the next space). */
const linksOf = (text: string) => text.match(/https?:\/\/[^\s]+/g) ?? [];

/**
 * What each platform's text must be: every link with a scheme carries the platform as utm_source and the campaign,
 * the newsletter link keeps its own utm_source, the bare domain has none. Returns the problem, or undefined.
 */
function tagProblem(title: string, platforms: Posts): string | undefined {
	for (const platform of PLATFORMS) {
		const text = platforms[platform]?.posts?.[0]?.text ?? '';
		const links = linksOf(text);
		if (links.length !== 1)
			return `"${title}" for ${platform} should have one link, has ${links.length}`;
		const [link] = links;
		const source = link.includes('utm_source=newsletter') ? 'newsletter' : platform;
		if (!link.includes(`utm_source=${source}`) || !link.includes(CAMPAIGN))
			return `"${title}" for ${platform}: ${link} should carry utm_source=${source} and ${CAMPAIGN}`;
		if (link.includes('#') && !/\?[^#]*utm_campaign=spring-launch#/.test(link))
			return `"${title}" for ${platform}: the tags should stand before the fragment in ${link}`;
		if (/acme\.example\.com\/subscribe\?/.test(text))
			return `"${title}" for ${platform}: the bare domain should stay as written`;
	}
	return undefined;
}

function checkValidated(out: OutputOf): void {
	const checked = out('Validate With UTM Tags');
	ensure(
		checked.length === ROWS,
		`"Validate With UTM Tags" should put out ${ROWS} items, got ${checked.length}`,
	);
	for (const item of checked) {
		ensure(item.valid === true, `every row should pass, got ${JSON.stringify(item.problems)}`);
		const body = item.body as Json & { platforms: Posts; draft_title?: string };
		const problem = tagProblem(String(body.draft_title), body.platforms);
		ensure(!problem, `Validate Only should show the tagged text: ${problem}`);
	}
}

export const campaignImportExample: Example = {
	file: 'campaign-import-utm-tags.json',
	title:
		'Campaign import with UTM tags: a CSV of campaign posts, every row checked with Validate Only (the tagged text shown), then one draft per row with utm_source per platform',
	check(out) {
		checkValidated(out);
		const created = out('Create Tagged Drafts');
		ensure(created.length === ROWS, `${ROWS} drafts should be created, got ${created.length}`);
		for (const draft of created) {
			const problem = tagProblem(String(draft.draft_title), draft.platforms as Posts);
			ensure(!problem, problem ?? '');
		}
		const first = ((created[0].platforms as Posts).x?.posts?.[0]?.text ?? '').slice(0, 160);
		return [
			`${ROWS} rows checked with Validate Only and UTM Tags, each platform's tagged text shown`,
			`${ROWS} drafts created for ${PLATFORMS.join(', ')}; X's first: ${first}`,
		];
	},
	async sandboxCheck(out, api: SandboxApi) {
		let links = 0;
		for (const draft of out('Create Tagged Drafts')) {
			const { status, body } = await api(
				'GET',
				`/v2/social-sets/${SET}/drafts/${String(draft.id)}`,
			);
			ensure(status === 200, `reading draft ${String(draft.id)} answered ${status}`);
			const problem = tagProblem(String(body.draft_title), body.platforms as Posts);
			ensure(!problem, `the service should hold the tagged text: ${problem}`);
			links += PLATFORMS.length;
		}
		return [`the service holds the ${ROWS} drafts, ${links} links tagged with their platform`];
	},
};
