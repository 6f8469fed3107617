import type { PermissionCategory } from '@keydeck/contract/permissions';
import type { ScheduledReport, ScheduledReportCreate } from '@keydeck/contract/scheduled-reports';
import { FormModal } from '../../../lib/ui/form-modal';
import { useCreateReport, useUpdateReport } from '../api/scheduled-reports.api';
import { ReportForm } from './report-form';

interface ReportFormModalProps {
  serviceId: string;
  /** undefined: closed; null: a new report; else the report edited. */
  editing: ScheduledReport | null | undefined;
  /** Which categories the caller's group may view: a report lists only data they may see. */
  can: (category: PermissionCategory) => boolean;
  /** Transfer servers are listed only for groups with the Host category. */
  canListServers: boolean;
  onClose: () => void;
}

/** Adds a scheduled report, or changes one: what it lists, when it runs (in its time zone), and where it goes. */
export function ReportFormModal({ serviceId, editing, can, canListServers, onClose }: ReportFormModalProps) {
  const create = useCreateReport(serviceId);
  const update = useUpdateReport(serviceId);
  return (
    <FormModal
      opened={editing !== undefined}
      onClose={onClose}
      title={editing ? `Edit ${editing.name}` : 'New scheduled report'}
      mutations={[create, update]}
      onSubmit={async (values: ScheduledReportCreate) => {
        if (!editing) return (await create.mutateAsync(values)).message;
        const { name, ...rest } = values;
        return (await update.mutateAsync({ name: editing.name, ...(name !== editing.name ? { new_name: name } : {}), ...rest })).message;
      }}
    >
      {(slot) => <ReportForm serviceId={serviceId} editing={editing ?? null} can={can} canListServers={canListServers} {...slot} />}
    </FormModal>
  );
}
