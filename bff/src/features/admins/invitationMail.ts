import type { MailMessage } from '../../mail/mailer';
import type { InvitationKind } from '../../db/adminInvitations';

/**
 * The invitation mail: a link to the sign-in page with the token in the fragment (never sent to a
 * server, so no access log or Referer carries it). Plain text only.
 */
export function invitationMail(input: {
  to: string;
  kind: InvitationKind;
  token: string;
  expiresAt: Date;
  consoleUrl: string;
}): MailMessage {
  const link = `${input.consoleUrl}/auth/login#invitation=${encodeURIComponent(input.token)}`;
  const what =
    input.kind === 'invite'
      ? 'An administrator created a Phoenix Admin account for you.'
      : 'An administrator reset the password of your Phoenix Admin account.';
  return {
    to: input.to,
    subject: input.kind === 'invite' ? 'Your Phoenix Admin invitation' : 'Set a new Phoenix Admin password',
    text: [
      what,
      '',
      'Open this link to choose your password (it works once, until ' + input.expiresAt.toISOString() + '):',
      link,
      '',
      'Then sign in and add your second factor. If you did not expect this mail, tell your security team.',
    ].join('\n'),
  };
}
