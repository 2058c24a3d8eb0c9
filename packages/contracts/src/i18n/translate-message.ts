import englishMessages from './en/messages.ts';
import { fillTemplate } from './fill-template.ts';
import type { Language } from './languages.ts';
import type { Translation } from './translation.ts';

type Messages = Translation<typeof englishMessages>;
type Tree = { [key: string]: string | Tree };

interface Template {
  path: string[];
  pattern: RegExp;
  names: string[];
}

/** English message → where it sits in the messages namespace; templates ({{x}}) matched by pattern. */
function indexMessages(messages: Tree) {
  const exact = new Map<string, string[]>();
  const templates: Template[] = [];
  const walk = (node: Tree, path: string[]) => {
    for (const [key, value] of Object.entries(node)) {
      if (typeof value !== 'string') {
        walk(value, [...path, key]);
        continue;
      }
      const names = [...value.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!);
      if (names.length === 0) {
        if (!exact.has(value)) exact.set(value, [...path, key]);
        continue;
      }
      const source = value
        .split(/\{\{\s*\w+\s*\}\}/)
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('(.+?)');
      templates.push({ path: [...path, key], pattern: new RegExp(`^${source}$`, 's'), names });
    }
  };
  walk(messages, []);
  return { exact, templates };
}

let index: ReturnType<typeof indexMessages> | undefined;

function at(tree: Tree, path: string[]): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const key of path) node = typeof node === 'object' ? node[key] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/**
 * A message the server or a form produced in English, in another language: found in the messages namespace
 * (word for word, or by a template's pattern with its values carried over, each translated when it is itself a
 * message the catalogue knows word for word). A message the catalogue does not know (an operator's text, a
 * provider's reason) is returned as it is.
 */
export function translateMessage(message: string, target: Messages | undefined, language: Language): string {
  if (language === 'en' || !target) return message;
  index ??= indexMessages(englishMessages as unknown as Tree);
  const path = index.exact.get(message);
  if (path) return at(target as unknown as Tree, path) ?? message;
  for (const template of index.templates) {
    const match = template.pattern.exec(message);
    if (!match) continue;
    const translated = at(target as unknown as Tree, template.path);
    if (!translated) return message;
    // A value that is itself a known message (a reason, a level's default name) is translated with it.
    const values = Object.fromEntries(
      template.names.map((name, i) => {
        const value = match[i + 1]!;
        const valuePath = index!.exact.get(value);
        return [name, (valuePath && at(target as unknown as Tree, valuePath)) ?? value];
      }),
    );
    return fillTemplate(translated, values);
  }
  return message;
}
