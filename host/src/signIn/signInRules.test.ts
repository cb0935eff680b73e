import { loginBodySchema } from '@phoenix/contract';
import { checkSignIn, safeReturnTo } from './signInRules';

/** The field the contract's schema rejects first for each field (the form shows one message per field). */
function schemaVerdict(email: string, password: string) {
  const parsed = loginBodySchema.safeParse({ email, password });
  if (parsed.success) return { ok: true, email: parsed.data.email };
  const fields = new Set(parsed.error.issues.map((issue) => issue.path[0]));
  return { ok: false, email: fields.has('email'), password: fields.has('password') };
}

function ruleVerdict(email: string, password: string) {
  const checked = checkSignIn(email, password);
  return checked.ok
    ? { ok: true, email: checked.email }
    : { ok: false, email: !!checked.errors.email, password: !!checked.errors.password };
}

describe('checkSignIn: the contract’s loginBodySchema without zod', () => {
  const emails = [
    'admin@example.com',
    '  admin@example.com  ',
    'first.last+tag@sub.example.co.jp',
    "o'brien@example.com",
    'a_b-c@ex-ample.io',
    '',
    '   ',
    'admin',
    'admin@',
    '@example.com',
    'admin@example',
    'admin@example.c',
    'admin@@example.com',
    '.admin@example.com',
    'ad..min@example.com',
    'admin.@example.com',
    'admin@-example.com',
    'admin@example..com',
    'adm in@example.com',
    'admin@exa_mple.com',
    'アドミン@example.com',
    `${'a'.repeat(243)}@example.com`, // 255 characters
    `${'a'.repeat(242)}@example.com`, // 254
  ];
  const passwords = ['secret', '', ' ', 'x'.repeat(1024), 'x'.repeat(1025)];

  it.each(emails.flatMap((email) => passwords.map((password) => [email, password] as const)))(
    'agrees on %j / password of %#',
    (email, password) => {
      expect(ruleVerdict(email, password)).toEqual(schemaVerdict(email, password));
    },
  );

  it('names the rule broken', () => {
    expect(checkSignIn(' ', '')).toEqual({ ok: false, errors: { email: 'emailRequired', password: 'passwordRequired' } });
    expect(checkSignIn('admin', 'x'.repeat(1025))).toEqual({ ok: false, errors: { email: 'emailInvalid', password: 'passwordTooLong' } });
    expect(checkSignIn(' admin@example.com ', ' pw ')).toEqual({ ok: true, email: 'admin@example.com', password: ' pw ' });
  });
});

describe('safeReturnTo', () => {
  it('accepts only pages of the console', () => {
    expect(safeReturnTo('/admin')).toBe('/admin');
    expect(safeReturnTo('/admin/logs?page=2')).toBe('/admin/logs?page=2');
    expect(safeReturnTo('/admin?x=1')).toBe('/admin?x=1');
    for (const bad of ['/administrator', '//evil.example/admin', 'https://evil.example/admin', '/auth/login', null, 42, undefined]) {
      expect(safeReturnTo(bad)).toBeNull();
    }
  });
});
