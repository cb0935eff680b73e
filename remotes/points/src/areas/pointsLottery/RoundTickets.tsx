import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lotteryRoundsResource, type LotteryRound, type LotteryTicketPage } from '@phoenix/contract';
import {
  type ApiRequestError,
  PlayerNameLink,
  describeError,
  resourceKeys,
  saveTextFile,
  usePointsApi,
  useToast,
  useTranslation,
} from '@phoenix/shell';
import {
  Alert,
  Button,
  ErrorState,
  formatDateTime,
  formatNumber,
  LoadingBlock,
  Modal,
  Pagination,
  Panel,
  PlainTable,
  TableHead,
} from '@phoenix/ui';

const TICKETS_PAGE_SIZE = 50;
const roundsKey = resourceKeys.all(lotteryRoundsResource.path.replace(/^\//, ''));

/**
 * A round's tickets in draw order, the CSV download (the draw's input: ticket ids, players, the
 * seed hash and the prizes) and, before the draw, the cancellation with its refunds.
 */
export function RoundTickets({ round }: { round: LotteryRound }) {
  const { t } = useTranslation('points');
  const api = usePointsApi();
  const toast = useToast();
  const [page, setPage] = useState(1);
  const [downloading, setDownloading] = useState(false);
  // Keyed by the round's version and ticket count: a cancellation or a new ticket reloads it.
  const tickets = useQuery<LotteryTicketPage, ApiRequestError>({
    queryKey: [...roundsKey, 'tickets', round.id, round.version, round.ticketCount, page],
    queryFn: () => api.get(`/lottery/rounds/${round.id}/tickets`, { page, pageSize: TICKETS_PAGE_SIZE }),
  });

  const download = async () => {
    setDownloading(true);
    try {
      saveTextFile(await api.getText(`/lottery/rounds/${round.id}/tickets/export.csv`), `lottery-round-${round.id}-tickets.csv`);
    } catch (error) {
      toast.error(error);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Panel aria-labelledby="lottery-tickets-title">
      <h2 id="lottery-tickets-title">{t('pointsLottery.tickets.title')}</h2>
      {round.status === 'cancelled' && round.cancelledAt && <CancelledRound round={round} />}
      <p>{t('pointsLottery.tickets.rerun')}</p>
      <Button onClick={() => void download()} disabled={downloading}>
        {t('pointsLottery.tickets.download')}
      </Button>
      {tickets.error ? (
        <ErrorState message={describeError(tickets.error)} onRetry={() => void tickets.refetch()} />
      ) : !tickets.data ? (
        <LoadingBlock label={t('pointsLottery.tickets.loading')} />
      ) : (
        <>
          <PlainTable>
            <caption>
              {t('pointsLottery.tickets.caption', { n: formatNumber(tickets.data.total), players: formatNumber(tickets.data.players) })}
            </caption>
            <TableHead
              labels={[
                t('pointsLottery.tickets.ticket'),
                t('pointsLottery.tickets.player'),
                t('pointsLottery.tickets.debit'),
                t('pointsLottery.tickets.boughtAt'),
              ]}
            />
            <tbody>
              {tickets.data.items.length === 0 && (
                <tr>
                  <td colSpan={4}>{t('pointsLottery.tickets.none')}</td>
                </tr>
              )}
              {tickets.data.items.map((ticket) => (
                <tr key={ticket.id}>
                  <td>{ticket.id}</td>
                  <td>
                    <PlayerNameLink id={ticket.playerId} />
                  </td>
                  <td>{ticket.entryId ?? '—'}</td>
                  <td>{formatDateTime(ticket.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </PlainTable>
          {tickets.data.total > TICKETS_PAGE_SIZE && (
            <Pagination page={page} pageSize={TICKETS_PAGE_SIZE} total={tickets.data.total} onPageChange={setPage} />
          )}
          {round.status === 'open' && <CancelRound round={round} tickets={tickets.data} />}
        </>
      )}
    </Panel>
  );
}

/** The confirmation names exactly what the cancellation touches; the server refuses if the ticket count moved since. */
function CancelRound({ round, tickets }: { round: LotteryRound; tickets: LotteryTicketPage }) {
  const { t } = useTranslation('points');
  const api = usePointsApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const cancel = useMutation<LotteryRound, ApiRequestError, void>({
    mutationFn: () => api.post(`/lottery/rounds/${round.id}/cancel`, { version: round.version, ticketCount: tickets.total }),
    onSuccess: () => {
      setOpen(false);
      toast.success(t('pointsLottery.cancel.done', { name: round.name }));
      return queryClient.invalidateQueries({ queryKey: roundsKey });
    },
    // A 409 (cancelled elsewhere, a ticket sold since): reload so the dialog shows the new counts.
    onError: () => queryClient.invalidateQueries({ queryKey: roundsKey }),
  });
  const paid = tickets.total - tickets.withoutDebit;
  const counts = {
    tickets: formatNumber(paid),
    players: formatNumber(tickets.players),
    points: formatNumber(tickets.refundPoints),
  };
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        {t('pointsLottery.cancel.button')}
      </Button>
      <Modal
        open={open}
        role="alertdialog"
        title={t('pointsLottery.cancel.title', { name: round.name })}
        onClose={() => setOpen(false)}
        footer={
          <>
            <Button onClick={() => setOpen(false)}>{t('pointsLottery.cancel.keep')}</Button>
            <Button variant="danger" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
              {t('pointsLottery.cancel.confirm')}
            </Button>
          </>
        }
      >
        <p>{t('pointsLottery.cancel.summary', counts)}</p>
        {tickets.withoutDebit > 0 && <p>{t('pointsLottery.cancel.withoutDebit', { n: formatNumber(tickets.withoutDebit) })}</p>}
        <p>{t('pointsLottery.cancel.effects')}</p>
        {cancel.error && <Alert title={t('pointsLottery.cancel.failed')}>{describeError(cancel.error)}</Alert>}
      </Modal>
    </>
  );
}

/** When, by whom and what was given back; a round cancelled before refunds were kept says only when. */
function CancelledRound({ round }: { round: LotteryRound }) {
  const { t } = useTranslation('points');
  const { refund } = round;
  const at = formatDateTime(round.cancelledAt!);
  return (
    <Alert tone="warning" title={t('pointsLottery.cancel.cancelledTitle')}>
      {refund ? (
        <>
          {t('pointsLottery.cancel.cancelledBy', {
            at,
            by: round.cancelledBy ?? '—',
            tickets: formatNumber(refund.tickets),
            points: formatNumber(refund.points),
            players: formatNumber(refund.players),
          })}
          {(refund.withoutDebit > 0 || refund.alreadyReversed > 0) &&
            ` ${t('pointsLottery.cancel.cancelledWithout', { n: formatNumber(refund.withoutDebit), reversed: formatNumber(refund.alreadyReversed) })}`}
        </>
      ) : (
        t('pointsLottery.cancel.cancelledAt', { at })
      )}
    </Alert>
  );
}
