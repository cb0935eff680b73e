import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { lotteryRoundsResource, type LotteryRound } from '@phoenix/contract';
import { PlayerNameLink, resourceKeys, useTranslation } from '@phoenix/shell';
import { formatDateTime, formatNumber, Panel } from '@phoenix/ui';
import { PrizePayment } from './PrizePayment';

/** How often an open page asks again once the draw is due, and how long before the draw time it starts. */
const DRAW_POLL_MS = 2_000;
const DRAW_POLL_LEAD_MS = 60_000;

/**
 * The draw runs on the server at the draw time: while it is due and not done, the page reloads the
 * round every few seconds, so the winners and the seed appear on an open page without a reload.
 * Only the record is refetched: what the admin is typing in the form stays.
 */
function useRefreshUntilDrawn(round: LotteryRound) {
  const queryClient = useQueryClient();
  const { id, drawAt, drawnAt, cancelledAt } = round;
  useEffect(() => {
    if (drawnAt || cancelledAt) return undefined;
    const timer = setInterval(() => {
      if (Date.now() < Date.parse(drawAt) - DRAW_POLL_LEAD_MS) return;
      void queryClient.invalidateQueries({ queryKey: resourceKeys.detail(lotteryRoundsResource.path.replace(/^\//, ''), id) });
    }, DRAW_POLL_MS);
    return () => clearInterval(timer);
  }, [queryClient, id, drawAt, drawnAt, cancelledAt]);
}

const Code = ({ children }: { children: string }) => <code style={{ wordBreak: 'break-all' }}>{children}</code>;

/** What makes the draw checkable: the published hash, the revealed seed, the tickets, the winners, and the recipe. */
export function DrawProof({ round }: { round: LotteryRound }) {
  const { t } = useTranslation('points');
  useRefreshUntilDrawn(round);
  const cancelled = round.status === 'cancelled';
  return (
    <Panel aria-labelledby="lottery-proof-title">
      <h2 id="lottery-proof-title">{t('pointsLottery.proof.title')}</h2>
      <dl>
        <dt>{t('pointsLottery.proof.seedHash')}</dt>
        <dd>
          <Code>{round.seedHash}</Code>
        </dd>
        <dt>{t(cancelled ? 'pointsLottery.proof.seedPlain' : 'pointsLottery.proof.seed')}</dt>
        <dd>
          {round.seed ? (
            <Code>{round.seed}</Code>
          ) : (
            t(cancelled ? 'pointsLottery.proof.notRevealedCancelled' : 'pointsLottery.proof.notRevealed')
          )}
        </dd>
        <dt>{t('pointsLottery.proof.ticketCount')}</dt>
        <dd>{formatNumber(round.ticketCount)}</dd>
        {round.drawnAt && (
          <>
            <dt>{t('pointsLottery.proof.drawnAt')}</dt>
            <dd>{formatDateTime(round.drawnAt)}</dd>
          </>
        )}
      </dl>
      <h3 id="lottery-winners-title">{t('pointsLottery.proof.winners')}</h3>
      {cancelled ? (
        <p>{t('pointsLottery.proof.cancelled')}</p>
      ) : round.status === 'drawing' ? (
        <p>{t('pointsLottery.proof.drawing', { at: formatDateTime(round.drawAt) })}</p>
      ) : !round.drawnAt ? (
        <p>{t('pointsLottery.proof.notDrawn', { at: formatDateTime(round.drawAt) })}</p>
      ) : round.winners.length === 0 ? (
        <p>{t('pointsLottery.proof.noWinners')}</p>
      ) : (
        <table aria-labelledby="lottery-winners-title">
          <thead>
            <tr>
              <th scope="col">{t('pointsLottery.proof.slot')}</th>
              <th scope="col">{t('pointsLottery.proof.rank')}</th>
              <th scope="col">{t('pointsLottery.proof.reward')}</th>
              <th scope="col">{t('pointsLottery.proof.ticket')}</th>
              <th scope="col">{t('pointsLottery.proof.player')}</th>
              <th scope="col">{t('pointsLottery.proof.payment')}</th>
            </tr>
          </thead>
          <tbody>
            {round.winners.map((w) => (
              <tr key={w.slot}>
                <td>{w.slot}</td>
                <td>{w.rank}</td>
                <td>{formatNumber(w.reward)}</td>
                <td>{w.ticketId}</td>
                <td>
                  <PlayerNameLink id={w.playerId} />
                </td>
                <td>
                  <PrizePayment round={round} winner={w} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h3>{t('pointsLottery.proof.howTitle')}</h3>
      <ol>
        <li>{t('pointsLottery.proof.how1')}</li>
        <li>{t('pointsLottery.proof.how2')}</li>
        <li>{t('pointsLottery.proof.how3')}</li>
        <li>{t('pointsLottery.proof.how4')}</li>
      </ol>
    </Panel>
  );
}
