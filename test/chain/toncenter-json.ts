import { Cell, type Message, type TupleItem } from '@ton/core';

/** toncenter v2 JSON shapes for messages and get-method stacks, as TonClient expects them. */

export function toJsonMessage(message: Message): unknown {
  const { info, body } = message;
  const internal = info.type === 'internal' ? info : undefined;
  return {
    '@type': 'raw.message',
    source: info.type === 'external-in' ? '' : info.src.toString(),
    destination: info.type === 'external-out' ? '' : info.dest.toString(),
    value: (internal?.value.coins ?? 0n).toString(),
    fwd_fee: (internal?.forwardFee ?? 0n).toString(),
    ihr_fee: (internal?.ihrFee ?? 0n).toString(),
    created_lt: (info.type === 'external-in' ? 0n : info.createdLt).toString(),
    body_hash: body.hash().toString('base64'),
    msg_data: { '@type': 'msg.dataRaw', body: body.toBoc().toString('base64'), init_state: '' },
    message: '',
  };
}

/** Request stack as TonClient serializes it: ["num", "<decimal>"] or ["tvm.Slice"|"tvm.Cell"|"tvm.Builder", b64]. */
export function readStack(items: unknown[] | undefined): TupleItem[] {
  return (items ?? []).map((item) => {
    const [type, value] = item as [string, string];
    if (type === 'num') return { type: 'int', value: BigInt(value) };
    const cell = Cell.fromBase64(value);
    if (type === 'tvm.Slice') return { type: 'slice', cell };
    if (type === 'tvm.Cell') return { type: 'cell', cell };
    if (type === 'tvm.Builder') return { type: 'builder', cell };
    throw new Error(`unsupported stack item ${type}`);
  });
}

/** Response stack as toncenter sends it: ["num", "0x…"], ["cell", {bytes}], ["slice", {bytes}], ["null"]. */
export function writeStack(items: TupleItem[]): unknown[] {
  return items.map((item) => {
    switch (item.type) {
      case 'int':
        return ['num', item.value < 0n ? `-0x${(-item.value).toString(16)}` : `0x${item.value.toString(16)}`];
      case 'null':
        return ['null'];
      case 'cell':
      case 'slice':
      case 'builder':
        return [item.type, { bytes: item.cell.toBoc().toString('base64') }];
      default:
        throw new Error(`the double does not serialize ${item.type} stack items`);
    }
  });
}
