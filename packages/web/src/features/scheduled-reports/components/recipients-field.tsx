import { useFormState } from 'react-hook-form';
import { REPORT_RECIPIENTS_MAX } from '@keydeck/contract/scheduled-reports';
import { TagsInputField } from '../../../lib/ui/choice-fields';

/** Up to ten mail addresses, each a pill; Enter, a comma or a space adds the address typed. */
export function RecipientsField() {
  // A refused address is reported on its item (recipients.3): shown under the whole field.
  const { errors } = useFormState({ name: 'recipients' });
  const items = errors.recipients as unknown as ({ message?: string } | undefined)[] | undefined;
  const itemError = Array.isArray(items) ? items.find((item) => item?.message)?.message : undefined;
  return (
    <TagsInputField
      name="recipients"
      label="Mail recipients"
      description={`Up to ${REPORT_RECIPIENTS_MAX} addresses. The file is attached to one mail to all of them.`}
      placeholder="ops@example.com"
      splitChars={[',', ' ', ';']}
      maxTags={REPORT_RECIPIENTS_MAX}
      acceptValueOnBlur
      clearable
      error={itemError}
    />
  );
}
