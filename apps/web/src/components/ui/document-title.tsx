import { env } from '@/config/env';

/** React 19 hoists <title> into <head>. */
export function DocumentTitle({ title }: { title: string }) {
  return <title>{`${title} · ${env.appName}`}</title>;
}
