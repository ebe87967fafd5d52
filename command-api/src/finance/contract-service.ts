import { v7 as uuidv7 } from 'uuid';
import {
  clientStreamId,
  contractNumberStreamId,
  contractStreamId,
  EXCHANGE_RATES_STREAM,
  WrongExpectedRevisionError,
  type ContractEvent,
  type CreateContractCommandInput,
  type EventStore,
  type RenewContractCommandInput,
  type SetExchangeRatesCommandInput,
} from '@care/events';
import type { CommandContext } from '../shared/actor';
import type { CommandResult } from '../shared/command-reply';
import { DomainError } from '../shared/domain-error';
import { appendEvents, loadStream } from '../shared/event-stream';
import { assertRecordsExist } from '../shared/record-lookup';
import { decideContract, evolveContract, initialContractState, type ContractState } from './contract-decide';

export const CONTRACT_NUMBER_TAKEN = 'Contract number already exists';

/** Contracts and exchange rates: load, decide, append with the expected revision. */
export class ContractService {
  constructor(private readonly store: EventStore) {}

  async createContract(input: CreateContractCommandInput, context: CommandContext): Promise<CommandResult> {
    await assertRecordsExist(this.store, [
      {
        streamId: clientStreamId(input.clientId),
        removedType: 'ClientRemoved',
        field: 'clientId',
        message: 'Client not found',
      },
    ]);
    const contractId = uuidv7();
    // Decide first, so a refused contract never takes its number.
    const events = decideContract({ type: 'CreateContract', contractId, input }, initialContractState);
    try {
      await appendEvents(
        this.store,
        contractNumberStreamId(input.contractNumber),
        [{ type: 'ContractNumberReserved', data: { contractNumber: input.contractNumber, contractId } }],
        'no_stream',
        context,
      );
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError)
        throw new DomainError('conflict', CONTRACT_NUMBER_TAKEN, 'contractNumber');
      throw error;
    }
    const appended = await appendEvents(this.store, contractStreamId(contractId), events, 'no_stream', context);
    return { id: contractId, revision: appended.nextExpectedRevision, position: appended.position };
  }

  async renewContract(
    contractId: string,
    input: RenewContractCommandInput,
    context: CommandContext,
  ): Promise<CommandResult> {
    const streamId = contractStreamId(contractId);
    const loaded = await loadStream<ContractEvent, ContractState>(
      this.store,
      streamId,
      evolveContract,
      initialContractState,
    );
    const events = decideContract({ type: 'RenewContract', contractId, input }, loaded.state);
    const appended = await appendEvents(this.store, streamId, events, loaded.revision, context);
    return { id: contractId, revision: appended.nextExpectedRevision, position: appended.position };
  }

  /** A new set of rates from a date on; the older ones stay in the stream, so the screen can say who set what when. */
  async setExchangeRates(input: SetExchangeRatesCommandInput, context: CommandContext): Promise<CommandResult> {
    const appended = await appendEvents(
      this.store,
      EXCHANGE_RATES_STREAM,
      [{ type: 'ExchangeRatesSet', data: input }],
      'any',
      context,
    );
    return { id: EXCHANGE_RATES_STREAM, revision: appended.nextExpectedRevision, position: appended.position };
  }
}
