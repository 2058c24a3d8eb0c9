import { useQuery } from '@tanstack/react-query';
import { createElement as h } from 'react';

/** One call to the server (the API's health answer: no session needed), then a heading and what it said. */
export function Page() {
  const health = useQuery({
    queryKey: ['healthz'],
    queryFn: async () => ((await (await fetch('/healthz')).json()) as { status: string }).status,
  });
  return h(
    'main',
    { className: 'container py-4' },
    h('h1', { className: 'h3' }, 'The framework alone'),
    h('p', { className: 'lead' }, health.data ? `The server says ${health.data}.` : 'Asking the server…'),
  );
}
