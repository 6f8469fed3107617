import { useState } from 'react';
import { FileInput, type FileInputProps } from '@mantine/core';
import { useController } from 'react-hook-form';
import { readFileAsBase64 } from './certificate-file';

type CertificateFileFieldProps = Omit<FileInputProps, 'name' | 'value' | 'onChange' | 'error'> & {
  name: string;
  /** Told of every file chosen (null when cleared), before its content is read. */
  onChoose?: (file: File | null) => void;
};

/** A certificate file in a ContractForm: the field holds the file's bytes as base64, the input shows the file. */
export function CertificateFileField({ name, onChoose, ...props }: CertificateFileFieldProps) {
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
