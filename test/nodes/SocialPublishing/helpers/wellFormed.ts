/** Whether a text is well-formed XML as far as an SVG viewer needs: balanced tags, no bare `&` or `<`. */
export function wellFormedProblems(xml: string): string[] {
	const problems: string[] = [];
	const stack: string[] = [];
	for (const token of xml.match(/<[^<>]*>|[^<>]+|[<>]/g) ?? []) {
		if (token === '<' || token === '>') {
			problems.push(`a bare ${token}`);
			continue;
		}
		const body = token.startsWith('<') ? token : '';
		const text = body ? token.replace(/"[^"]*"/g, (v) => v.slice(1, -1)) : token;
		if (/&(?!(amp|lt|gt|quot|apos);)/.test(text))
			problems.push(`a bare & in ${token.slice(0, 40)}`);
		if (body) {
			if (/"[^"]*</.test(body)) problems.push(`a < in an attribute: ${token.slice(0, 40)}`);
			const name = /^<\/?([a-zA-Z][\w:-]*)/.exec(body)?.[1];
			if (!name) problems.push(`a tag without a name: ${token.slice(0, 40)}`);
			else if (body.startsWith('</')) {
				if (stack.pop() !== name) problems.push(`</${name}> closes nothing open`);
			} else if (!body.endsWith('/>')) stack.push(name);
		}
	}
	if (stack.length) problems.push(`never closed: ${stack.join(', ')}`);
	return problems;
}
