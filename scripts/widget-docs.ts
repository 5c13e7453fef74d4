/**
 * widget/README.md as the plain HTML page the service serves at /docs/widget (dist/web/docs/widget.html):
 * no script, no font or image from anywhere, one inline stylesheet. The README is the one source;
 * this renders only the Markdown it uses (headings, paragraphs, lists, tables, fenced code,
 * `code`, **bold**, links), and fails the build on anything else rather than show it wrongly.
 */

import { escapeHtml } from '../contract/shared-helpers';

/** A link to another site is shown as its address, not followed: the page makes and invites no request elsewhere. */
function link(text: string, url: string): string {
  if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(url)) return `${text} (<code>${url}</code>)`;
  return `<a href="${url}">${text}</a>`;
}

/** Inline Markdown of one line of text: code spans first, so nothing inside them is formatted. */
export function inline(markdown: string): string {
  return markdown
    .split(/(`[^`]+`)/)
    .map((part) => {
      if (part.startsWith('`') && part.endsWith('`') && part.length > 1)
        return `<code>${escapeHtml(part.slice(1, -1))}</code>`;
      return escapeHtml(part)
        .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
        .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_m, text: string, url: string) => link(text, url));
    })
    .join('');
}

const slug = (heading: string): string =>
  heading
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function table(rows: string[]): string {
  const cells = (row: string) =>
    row
      .trim()
      .replace(/^\||\|$/g, '')
      .split(/(?<!\\)\|/)
      .map((cell) => inline(cell.trim()));
  const [head, , ...body] = rows;
  const header = cells(head!)
    .map((c) => `<th>${c}</th>`)
    .join('');
  return `<table><thead><tr>${header}</tr></thead><tbody>${body
    .map(
      (r) =>
        `<tr>${cells(r)
          .map((c) => `<td>${c}</td>`)
          .join('')}</tr>`,
    )
    .join('')}</tbody></table>`;
}

/** The README's blocks, each rendered: a block runs to a blank line, a fenced block to its closing fence. */
export function markdownToHtml(markdown: string): string {
  const lines = markdown.replace(/\r\n/g, '\n').split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length;) {
    const line = lines[i]!;
    if (line.trim() === '') {
      i++;
      continue;
    }
    const fence = /^```(\w*)/.exec(line);
    if (fence) {
      const end = lines.indexOf('```', i + 1);
      if (end < 0) throw new Error(`widget/README.md: unclosed code block at line ${i + 1}`);
      out.push(
        `<pre><code${fence[1] ? ` class="language-${fence[1]}"` : ''}>${escapeHtml(lines.slice(i + 1, end).join('\n'))}</code></pre>`,
      );
      i = end + 1;
      continue;
    }
    const heading = /^(#{1,4}) (.+)$/.exec(line);
    if (heading) {
      const level = heading[1]!.length;
      out.push(`<h${level} id="${slug(heading[2]!)}">${inline(heading[2]!)}</h${level}>`);
      i++;
      continue;
    }
    let end = i;
    while (
      end < lines.length &&
      lines[end]!.trim() !== '' &&
      !lines[end]!.startsWith('```') &&
      !/^#{1,4} /.test(lines[end]!)
    )
      end++;
    const block = lines.slice(i, end);
    i = end;
    if (block[0]!.startsWith('|')) out.push(table(block));
    else if (block[0]!.startsWith('- ')) out.push(list(block));
    else out.push(`<p>${inline(block.join(' '))}</p>`);
  }
  return out.join('\n');
}

/** `- ` items; an indented line continues the item above it. */
function list(block: string[]): string {
  const items: string[] = [];
  for (const line of block) {
    if (line.startsWith('- ')) items.push(line.slice(2));
    else items[items.length - 1] += ` ${line.trim()}`;
  }
  return `<ul>${items.map((item) => `<li>${inline(item)}</li>`).join('')}</ul>`;
}

const STYLE = `body{font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;max-width:52rem;margin:0 auto;padding:1.5rem;color:#1b1f24;background:#fff}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9em}code{background:#f2f4f7;padding:.1em .3em;border-radius:4px}
pre{background:#f2f4f7;padding:1rem;overflow:auto;border-radius:6px}pre code{padding:0;background:none}
table{border-collapse:collapse;width:100%;margin:1rem 0}th,td{border:1px solid #d0d7de;padding:.4rem .6rem;text-align:left;vertical-align:top}
nav{margin-bottom:1rem}a{color:#0b62d6}
@media (prefers-color-scheme:dark){body{color:#e6edf3;background:#0d1117}code,pre{background:#161b22}th,td{border-color:#30363d}a{color:#58a6ff}}`;

/** The whole page; links are relative, so it works under a path prefix too. */
export function widgetDocsPage(readme: string, widgetVersion: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>TonTill widget reference</title><style>${STYLE}</style></head><body>
<nav><a href="../docs">API reference</a> · widget ${escapeHtml(widgetVersion)} · <a href="../widgets/versions.json">versions.json</a></nav>
<main>
${markdownToHtml(readme)}
</main></body></html>
`;
}
