import type { TermsCreate } from '@phoenix/contract';
import type { SeedLocalData } from '../../discoverFeatures';
import { mutate } from '@phoenix/server/db';
import { publishTerms, termsOfService } from './routes';

const DAY = 24 * 3_600_000;
const iso = (at: number) => new Date(at).toISOString();

/** Version 1 published and current (since 30 days before start-up); version 2 a draft. */
function localTerms(now: number): TermsCreate[] {
  return [
    {
      title: 'Phoenix Terms of Service',
      body: '# Terms of Service\n\n## 1. Accounts\n\nOne account per player. Keep your wallet keys safe.\n\n## 2. Fair play\n\nCheating, botting and exploiting bugs lead to a ban.\n\n## 3. Virtual items\n\nItems and points have no monetary value outside the game.',
      effectiveAt: iso(now - 30 * DAY),
    },
    {
      title: 'Phoenix Terms of Service (staking update)',
      body: '# Terms of Service\n\n## 1. Accounts\n\nOne account per player. Keep your wallet keys safe.\n\n## 2. Fair play\n\nCheating, botting and exploiting bugs lead to a ban.\n\n## 3. Virtual items\n\nItems and points have no monetary value outside the game.\n\n## 4. Staking\n\nStaked points are locked for the period you choose and **cannot** be withdrawn early.',
      effectiveAt: iso(now + 14 * DAY),
    },
  ];
}

/** Only into an empty table. */
const seed: SeedLocalData = async (ctx, actor) => {
  if (await ctx.db.selectFrom('terms_of_service_versions').select('id').limit(1).executeTakeFirst()) return;
  const [first, second] = localTerms(ctx.now().getTime());
  const published = await mutate(ctx, actor, (trx, now) => termsOfService.create(trx, first!, actor.email, now));
  await mutate(ctx, actor, (trx, now) => publishTerms(trx, published.id, published.version, actor.email, now));
  await mutate(ctx, actor, (trx, now) => termsOfService.create(trx, second!, actor.email, now));
};
export default seed;
