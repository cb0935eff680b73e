import { POINTS_TASK_TYPES, pointsTasksResource, type PointsTaskType } from '@phoenix/contract';
import { RecordFormPage, useTranslation } from '@phoenix/shell';
import { DateTimeRangeFields, Select, TextField, enumOptions } from '@phoenix/ui';

interface Values {
  title: string;
  type: PointsTaskType | '';
  rewardPoints: number | undefined;
  link: string;
  startsAt: string | undefined;
  endsAt: string | undefined;
  resetTime: string | null;
}

/** A task: title, type, reward, link, active window; a daily one recurs at its reset time (UTC). */
export default function TaskForm() {
  const { t } = useTranslation('points');
  return (
    <RecordFormPage
      resource={pointsTasksResource}
      titles={{ create: t('pointsTasks.newTitle'), edit: () => t('pointsTasks.editTitle') }}
      empty={
        {
          title: '',
          type: 'social',
          rewardPoints: undefined,
          link: '',
          startsAt: new Date().toISOString(),
          endsAt: undefined,
          resetTime: null,
        } as Values
      }
      toValues={({ title, type, rewardPoints, link, startsAt, endsAt, resetTime }) => ({
        title,
        type,
        rewardPoints,
        link,
        startsAt,
        endsAt,
        resetTime,
      })}
    >
      {(form) => {
        const type = form.rhf.watch('type');
        const start = form.bind<string | undefined>('startsAt');
        const end = form.bind<string | undefined>('endsAt');
        const reward = form.bind<number | undefined>('rewardPoints');
        const reset = form.bind<string | null>('resetTime');
        const typeField = form.field('type');
        return (
          <>
            <TextField required {...form.labelled('title')} />
            <Select
              label={t('pointsTasks.fields.type')}
              required
              options={enumOptions(POINTS_TASK_TYPES, (v) => t(`pointsTasks.types.${v}`))}
              {...typeField}
              onChange={(event) => {
                typeField.onChange(event);
                // Only a daily task recurs: the reset time follows the type.
                reset.onChange(event.target.value === 'daily' ? (reset.value ?? '00:00') : null);
              }}
            />
            <TextField
              type="number"
              min={1}
              step={1}
              inputMode="numeric"
              label={t('pointsTasks.fields.rewardPoints')}
              required
              error={reward.error}
              value={reward.value === undefined ? '' : String(reward.value)}
              onChange={(event) => reward.onChange(event.target.value === '' ? undefined : Number(event.target.value))}
            />
            <TextField
              label={t('pointsTasks.link')}
              type="url"
              hint={t('pointsTasks.linkHint')}
              spellCheck={false}
              {...form.field('link')}
            />
            <DateTimeRangeFields
              legend={t('pointsTasks.window')}
              start={{
                label: t('pointsTasks.fields.startsAt'),
                required: true,
                ...start,
                onChange: (iso) => start.onChange(iso ?? undefined),
              }}
              end={{ label: t('pointsTasks.fields.endsAt'), required: true, ...end, onChange: (iso) => end.onChange(iso ?? undefined) }}
            />
            {type === 'daily' && (
              <TextField
                type="time"
                label={t('pointsTasks.resetTime')}
                hint={t('pointsTasks.resetTimeHint')}
                required
                error={reset.error}
                value={reset.value ?? ''}
                onChange={(event) => reset.onChange(event.target.value === '' ? null : event.target.value)}
              />
            )}
          </>
        );
      }}
    </RecordFormPage>
  );
}
