import { useField, type Bound } from '../../../lib/ui/use-field';
import { GroupSelect, type GroupSelectProps } from './group-select';

/** The group picker as a form control, bound to a ContractForm field by name (the empty choice is ''). */
export function GroupField({ name, onChange, ...props }: Bound<Omit<GroupSelectProps, 'onChange' | 'value'>, string>) {
  const { value, set, ...field } = useField<string>(name, onChange);
  return <GroupSelect {...props} {...field} value={value || null} onChange={(group) => set(group ?? '')} />;
}
