import '@mantine/core/styles/Input.css';
import { useState } from 'react';
import { FileInput, type FileInputProps } from '@mantine/core';
import { useController } from 'react-hook-form';
import { readFileAsBase64 } from './backup-file';

type BackupFileFieldProps = Omit<FileInputProps, 'name' | 'value' | 'onChange' | 'error'> & { name: string };

/** A backup file in a ContractForm: the field holds the file's bytes as base64, the input shows the file's name. */
export function BackupFileField({ name, ...props }: BackupFileFieldProps) {
  const {
    field: { ref, onChange },
    fieldState,
  } = useController({ name });
  const [file, setFile] = useState<File | null>(null);
  const choose = async (chosen: File | null) => {
    setFile(chosen);
    onChange(chosen ? await readFileAsBase64(chosen) : '');
  };
  return <FileInput {...props} ref={ref} value={file} error={fieldState.error?.message} onChange={(chosen) => void choose(chosen)} />;
}
