import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lotteryRoundsResource, type LotteryRound, type LotteryWinner } from '@phoenix/contract';
import { resourceKeys, usePointsApi, useToast, useTranslation, type ApiRequestError } from '@phoenix/shell';
import { Button } from '@phoenix/ui';

const roundsKey = resourceKeys.all(lotteryRoundsResource.path.replace(/^\//, ''));

/**
 * A drawn prize's payment: the ledger entry that paid it, or why it is unpaid with the retry (once
 * the cause is fixed, e.g. the winner's point account exists). The server refuses a second payment.
 */
export function PrizePayment({ round, winner }: { round: LotteryRound; winner: LotteryWinner }) {
  const { t } = useTranslation('points');
  const api = usePointsApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const pay = useMutation<LotteryRound, ApiRequestError, void>({
    mutationFn: () => api.post(`/lottery/rounds/${round.id}/pay-prize`, { version: round.version, slot: winner.slot }),
    onSuccess: (paid) => {
      const entryId = paid.winners.find((w) => w.slot === winner.slot)?.entryId;
      toast.success(t('pointsLottery.proof.paid', { slot: winner.slot, id: entryId }));
      return queryClient.invalidateQueries({ queryKey: roundsKey });
    },
    onError: (error) => {
      toast.error(error);
      return queryClient.invalidateQueries({ queryKey: roundsKey });
    },
  });
  if (winner.entryId !== null) return <>{t('pointsLottery.proof.paidBy', { id: winner.entryId })}</>;
  return (
    <>
      {t(`pointsLottery.proof.unpaid.${winner.unpaidReason ?? 'drawnBeforePayment'}`, { player: winner.playerId })}{' '}
      <Button onClick={() => pay.mutate()} disabled={pay.isPending}>
        {t('pointsLottery.proof.payAgain', { slot: winner.slot })}
      </Button>
    </>
  );
}
