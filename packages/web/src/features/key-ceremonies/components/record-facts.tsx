import { formatDateTime } from '../../../lib/datetime';
import { Fact } from '../../../lib/ui/fact-list';

interface OpenedRecord {
  state: string;
  opened_by: string;
  created_at: string;
  expires_at: string;
  ended_at: string | null;
}

/** Who opened the record and when, then when it expires or, once over, when it ended. */
export function OpenedAndEndedFacts({ record }: { record: OpenedRecord }) {
  return (
    <>
      <Fact label="Opened by">{`${record.opened_by}, ${formatDateTime(record.created_at)}`}</Fact>
      <Fact label={record.state === 'open' ? 'Expires' : 'Ended'}>{formatDateTime(record.state === 'open' ? record.expires_at : (record.ended_at ?? record.expires_at))}</Fact>
    </>
  );
}
