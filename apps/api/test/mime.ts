/**
 * Reads a mail as it came over SMTP (RFC 5322 with MIME parts), enough to check what a learner gets:
 * the decoded subject (RFC 2047 encoded words), the text and HTML parts (base64, quoted-printable or
 * plain), and the attachments as bytes. No mail library of ours is involved in reading.
 */
export interface ParsedMail {
  headers: Map<string, string>;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end < 0 ? normalised : normalised.slice(0, end);
  const body = end < 0 ? '' : normalised.slice(end + 2);
  const headers = new Map<string, string>();
  // Unfold: a line starting with white space continues the previous header.
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function parameter(header: string | undefined, name: string): string | undefined {
  const match = new RegExp(`(?:^|;)\\s*${name}="?([^";]+)"?`, 'i').exec(header ?? '');
  return match?.[1];
}

function quotedPrintableBytes(text: string): Buffer {
  const soft = text.replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const c = soft[i]!;
    if (c === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function decodeBody(part: Part): Buffer {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64');
  if (encoding === 'quoted-printable') return quotedPrintableBytes(part.body);
  return Buffer.from(part.body.replace(/\n$/, ''), 'utf8');
}

/** RFC 2047: =?UTF-8?B?...?= and =?UTF-8?Q?...?=, the white space between adjacent words dropped. */
export function decodeEncodedWords(value: string): string {
  const words = /=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi;
  const joined = value.replace(/\?=\s+=\?/g, '?==?');
  let bytes: number[] = [];
  let out = '';
  let last = 0;
  const flush = () => {
    if (bytes.length) out += Buffer.from(bytes).toString('utf8');
    bytes = [];
  };
  for (const match of joined.matchAll(words)) {
    if (match.index! > last) {
      flush();
      out += joined.slice(last, match.index);
    }
    const [, , kind, data] = match;
    const chunk =
      kind!.toUpperCase() === 'B' ? Buffer.from(data!, 'base64') : quotedPrintableBytes(data!.replace(/_/g, ' '));
    bytes.push(...chunk);
    last = match.index! + match[0].length;
  }
  flush();
  return out + joined.slice(last);
}

export function parseMail(raw: string): ParsedMail {
  const top = splitPart(raw);
  const mail: ParsedMail = {
    headers: top.headers,
    subject: decodeEncodedWords(top.headers.get('subject') ?? ''),
    text: '',
    html: '',
    attachments: [],
  };
  const walk = (part: Part) => {
    const type = part.headers.get('content-type') ?? 'text/plain';
    const boundary = parameter(type, 'boundary');
    if (/^multipart\//i.test(type) && boundary) {
      const pieces = part.body.split(`--${boundary}`);
      // Before the first boundary is the preamble; after the closing one (--boundary--), the epilogue.
      for (const piece of pieces.slice(1)) {
        if (piece.startsWith('--')) break;
        walk(splitPart(piece.replace(/^\n/, '')));
      }
      return;
    }
    const disposition = part.headers.get('content-disposition') ?? '';
    const content = decodeBody(part);
    if (/^attachment/i.test(disposition)) {
      mail.attachments.push({
        filename: parameter(disposition, 'filename') ?? '',
        contentType: type.split(';')[0]!.trim(),
        content,
      });
    } else if (/^text\/html/i.test(type)) {
      mail.html = content.toString('utf8');
    } else if (/^text\/plain/i.test(type)) {
      mail.text = content.toString('utf8');
    }
  };
  walk(top);
  return mail;
}
