/**
 * The key-block formats a remote key load can use (GET service/rkl_export_formats). TR-31 versions B and D are
 * what X9.143 recommends; the legacy variant-binding versions A and C are not offered, since they neither bind
 * the header to the key nor derive separate keys for encryption and authentication.
 */
export const rklExportFormats = [
  {
    id: 'tr31_b',
    name: 'TR-31 version B',
    kbpk_algorithms: ['TDES_2KEY' as const, 'TDES_3KEY' as const],
    description: 'TDES key block protection key, key derivation binding (CMAC), 8-byte MAC. For terminals with TDES KBPKs.',
  },
  {
    id: 'tr31_d',
    name: 'TR-31 version D',
    kbpk_algorithms: ['AES_128' as const, 'AES_192' as const, 'AES_256' as const],
    description: 'AES key block protection key, key derivation binding (CMAC), 16-byte MAC. Recommended for new terminals.',
  },
];
