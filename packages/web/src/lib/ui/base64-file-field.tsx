import '@mantine/core/styles/Input.css';
import { useState } from 'react';
import { FileInput, type FileInputProps } from '@mantine/core';
import { useController } from 'react-hook-form';
import { readFileAsBase64 } from '../base64-file';

type Base64FileFieldProps = Omit<FileInputProps, 'name' | 'value' | 'onChange' | 'error'> & {
  name: string;
  /** Told of every file chosen (null when cleared), before its content is read. */
  onChoose?: (file: File | null) => void;
};

/** A file in a ContractForm (a backup, a certificate): the field holds the file's bytes as base64, the input shows the file's name. */
export function Base64FileField({ name, onChoose, ...props }: Base64FileFieldProps) {
  const {
    field: { ref, onChange },
    fieldState,
  } = useController({ name });
  const [file, setFile] = useState<File | null>(null);
  const choose = async (chosen: File | null) => {
    setFile(chosen);
    onChoose?.(chosen);
    onChange(chosen ? await readFileAsBase64(chosen) : '');
  };
  return <FileInput {...props} ref={ref} value={file} error={fieldState.error?.message} onChange={(chosen) => void choose(chosen)} />;
}
