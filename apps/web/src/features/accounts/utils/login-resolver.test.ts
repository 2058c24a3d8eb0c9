import { describe, expect, it } from 'vitest';
import { regexes } from 'zod/v4/core';
import { loginBody, type LoginBody } from '@app/contracts';
import { EMAIL_PATTERN, loginResolver } from './login-resolver';

/** What `zodResolver(loginBody)` would give: the first message per field, or the parsed values. */
function schemaOutcome(values: LoginBody) {
  const result = loginBody.safeParse(values);
  if (result.success) return { values: result.data, errors: {} };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]);
    errors[field] ??= issue.message;
  }
  return { values: {}, errors };
}

async function resolverOutcome(values: LoginBody) {
  const result = await loginResolver(values, undefined, { fields: {}, shouldUseNativeValidation: undefined });
  const errors = Object.fromEntries(Object.entries(result.errors).map(([field, error]) => [field, error?.message]));
  return { values: result.values, errors };
}

const cases: LoginBody[] = [
  { email: '', password: '' },
  { email: '   ', password: 'Secret@123' },
  { email: 'not-an-email', password: '' },
  { email: 'a@b', password: 'x' },
  { email: '.a@example.com', password: 'x' },
  { email: 'asha..nair@example.com', password: 'x' },
  { email: "o'neil+tag@mail.example.co.in", password: 'x' },
  { email: '  Asha@Example.COM  ', password: ' spaced password ' },
  { email: `${'a'.repeat(181)}@example.com`, password: 'x' },
  { email: `${'a'.repeat(180)}@example.com`, password: 'x' },
  { email: 'asha@example.com', password: 'p'.repeat(128) },
  { email: 'asha@example.com', password: 'p'.repeat(129) },
  { email: 'asha@exämple.com', password: 'x' },
];

describe('loginResolver', () => {
  it('checks email with the pattern of z.email()', () => {
    expect(EMAIL_PATTERN.source).toBe(regexes.email.source);
  });

  it.each(cases)('agrees with the contracts’ loginBody on %j', async (values) => {
    expect(await resolverOutcome(values)).toEqual(schemaOutcome(values));
  });
});
