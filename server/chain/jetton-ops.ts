// TEP-74 op codes (the ones USDT uses): what the parser reads and the sandbox kit writes.
export const JettonOp = {
  transfer: 0x0f8a7ea5,
  internalTransfer: 0x178d4519,
  transferNotification: 0x7362d09c,
  excesses: 0xd53276db,
  /** our sandbox minter's own op ("Mint" in ASCII); not part of TEP-74 */
  mint: 0x4d696e74,
  /** first 32 bits of a text comment */
  textComment: 0,
  /** first 32 bits of every bounced message body */
  bounced: 0xffffffff,
} as const;
