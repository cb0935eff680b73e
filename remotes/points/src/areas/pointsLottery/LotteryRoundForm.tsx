import { lotteryRoundsResource } from '@phoenix/contract';
import { FieldArray, RecordFormPage, useTranslation } from '@phoenix/shell';
import { Alert, DateTimeField, TextField } from '@phoenix/ui';
import { DrawProof } from './DrawProof';
import { PrizeList } from './PrizeList';
import { RoundTickets } from './RoundTickets';
import './i18n';

interface Values {
  name: string;
  ticketPrice: number;
  prizes: { rank: number; reward: number; count: number }[];
  drawAt: string | undefined;
}

const READ_ONLY = {
  drawing: 'pointsLottery.readOnlyDrawing',
  drawn: 'pointsLottery.readOnlyDrawn',
  cancelled: 'pointsLottery.readOnlyCancelled',
} as const;

const inDays = (days: number) => new Date(Date.now() + days * 24 * 3600_000).toISOString();

/** Create or edit a round; an existing one shows its verifiable draw (hash, seed, tickets, winners) below. */
export default function LotteryRoundForm() {
  const { t } = useTranslation('points');
  return (
    <RecordFormPage
      resource={lotteryRoundsResource}
      titles={{ create: t('pointsLottery.newTitle'), edit: () => t('pointsLottery.editTitle') }}
      empty={{ name: '', ticketPrice: 100, prizes: [{ rank: 1, reward: 1000, count: 1 }], drawAt: inDays(7) } as Values}
      toValues={({ name, ticketPrice, prizes, drawAt }) => ({
        name,
        ticketPrice,
        prizes: prizes.map(({ rank, reward, count }) => ({ rank, reward, count })),
        drawAt,
      })}
      readOnly={(round) => (round.status === 'open' ? null : t(READ_ONLY[round.status]))}
      // "Cancel" is the round's own action here (Cancel round and refund tickets): leaving the form says so.
      leaveLabel={t('pointsLottery.backToRounds')}
      // Below the form, not in it: a drawn or cancelled round is read-only, its tickets still download.
      after={(round) => (
        <>
          <DrawProof round={round} />
          <RoundTickets round={round} />
        </>
      )}
    >
      {(form, record) => {
        const drawAt = form.bind<string | undefined>('drawAt');
        const frozen = record !== undefined && record.ticketCount > 0;
        return (
          <>
            <TextField required autoComplete="off" {...form.labelled('name')} />
            <DateTimeField
              label={t('pointsLottery.fields.drawAt')}
              required
              withSeconds
              {...drawAt}
              onChange={(iso) => drawAt.onChange(iso ?? undefined)}
            />
            {frozen ? (
              <Alert tone="warning" title={t('pointsLottery.frozenTitle')}>
                {t('pointsLottery.frozen', { count: record.ticketCount })}
                <p>
                  {t('pointsLottery.fields.ticketPrice')}: {record.ticketPrice}
                </p>
                <PrizeList prizes={record.prizes} />
              </Alert>
            ) : (
              <>
                <TextField
                  label={t('pointsLottery.fields.ticketPrice')}
                  type="number"
                  min={1}
                  required
                  {...form.numberField('ticketPrice')}
                />
                <FieldArray
                  form={form}
                  name="prizes"
                  legend={t('pointsLottery.fields.prizes')}
                  addLabel={t('pointsLottery.addPrize')}
                  min={1}
                  newRow={() => ({ rank: (form.rhf.getValues('prizes')?.length ?? 0) + 1, reward: 100, count: 1 })}
                  rowLabel={(i) => t('pointsLottery.prizeRow', { n: i + 1 })}
                >
                  {(index) => (
                    <>
                      <TextField
                        label={t('pointsLottery.rankN', { n: index + 1 })}
                        type="number"
                        min={1}
                        required
                        {...form.numberField(`prizes.${index}.rank`)}
                      />
                      <TextField
                        label={t('pointsLottery.rewardN', { n: index + 1 })}
                        type="number"
                        min={1}
                        required
                        {...form.numberField(`prizes.${index}.reward`)}
                      />
                      <TextField
                        label={t('pointsLottery.countN', { n: index + 1 })}
                        type="number"
                        min={1}
                        required
                        {...form.numberField(`prizes.${index}.count`)}
                      />
                    </>
                  )}
                </FieldArray>
              </>
            )}
          </>
        );
      }}
    </RecordFormPage>
  );
}
