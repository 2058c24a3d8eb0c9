import postcss from 'postcss';

/** :not(), :is(), :where() and :has() name classes an element may lack or need only one of: they require nothing. */
function withoutFunctionalPseudos(selector: string): string {
  let out = '';
  let depth = 0;
  for (let i = 0; i < selector.length; i += 1) {
    const opening = depth === 0 ? /^:(?:not|is|where|has|matches|-webkit-any)\(/.exec(selector.slice(i)) : null;
    if (opening) {
      depth = 1;
      i += opening[0].length - 1;
    } else if (depth > 0) {
      if (selector[i] === '(') depth += 1;
      else if (selector[i] === ')') depth -= 1;
    } else {
      out += selector[i];
    }
  }
  return out;
}

/**
 * The rules of a stylesheet that can apply to a page's HTML: a selector is dropped only when it names a
 * class, id or element the page does not have (attributes, states and pseudo-elements are kept, as any
 * of them may match). At-rules without selectors (@font-face, @keyframes) stay.
 */
export function criticalCss(css: string, html: string): string {
  const classes = new Set([...html.matchAll(/\sclass="([^"]*)"/g)].flatMap((match) => match[1]!.split(/\s+/)));
  const ids = new Set([...html.matchAll(/\sid="([^"]*)"/g)].map((match) => match[1]));
  const elements = new Set(['html', 'body', ...[...html.matchAll(/<([a-z][a-z0-9-]*)/g)].map((match) => match[1])]);
  const canMatch = (selector: string) => {
    const plain = withoutFunctionalPseudos(selector)
      .replace(/\[[^\]]*\]/g, '')
      .replace(/::?[a-z-]+(?:\([^)]*\))?/g, '');
    return (
      [...plain.matchAll(/\.(-?[_a-zA-Z][\w\\-]*)/g)].every((match) => classes.has(match[1]!.replaceAll('\\', ''))) &&
      [...plain.matchAll(/#(-?[_a-zA-Z][\w-]*)/g)].every((match) => ids.has(match[1])) &&
      [...plain.matchAll(/(?:^|[\s>+~])([a-z][a-z0-9]*)/g)].every((match) => elements.has(match[1]))
    );
  };
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/.test((rule.parent as postcss.AtRule).name)) return;
    const kept = rule.selectors.filter(canMatch);
    if (kept.length) rule.selectors = kept;
    else rule.remove();
  });
  root.walkAtRules((atRule) => {
    if (atRule.nodes?.length === 0) atRule.remove();
  });
  return root.toString();
}
