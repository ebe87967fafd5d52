import type { ContractEvent, CreateContractCommandInput, RenewContractCommandInput } from '@care/events';
import { assertNever } from '../shared/assert-never';
import { DomainError } from '../shared/domain-error';

export const CONTRACT_NOT_FOUND = 'Contract not found';

export type ContractState =
  | { readonly exists: false }
  | {
      readonly exists: true;
      readonly clientId: string;
      readonly startDate: string;
      readonly endDate: string;
      readonly renewalDate: string;
      readonly valuePence: number;
    };

export const initialContractState: ContractState = { exists: false };

export type ContractCommand =
  | { readonly type: 'CreateContract'; readonly contractId: string; readonly input: CreateContractCommandInput }
  | { readonly type: 'RenewContract'; readonly contractId: string; readonly input: RenewContractCommandInput };

export function evolveContract(state: ContractState, event: ContractEvent): ContractState {
  switch (event.type) {
    case 'ContractCreated': {
      const { clientId, startDate, endDate, renewalDate, valuePence } = event.data;
      return { exists: true, clientId, startDate, endDate, renewalDate, valuePence };
    }
    case 'ContractRenewed':
      if (!state.exists) return state;
      return {
        ...state,
        endDate: event.data.endDate,
        renewalDate: event.data.renewalDate,
        valuePence: event.data.valuePence,
      };
    default:
      return assertNever(event);
  }
}

/** The dates must make sense together: a renewal agreed after the contract has run out renews nothing. */
function checkDates(startDate: string, endDate: string, renewalDate: string): void {
  if (endDate < startDate) throw new DomainError('invalid', 'The end date is before the start date', 'endDate');
  if (renewalDate > endDate)
    throw new DomainError('invalid', 'The renewal date must be on or before the end date', 'renewalDate');
}

export function decideContract(command: ContractCommand, state: ContractState): ContractEvent[] {
  switch (command.type) {
    case 'CreateContract': {
      if (state.exists) throw new DomainError('conflict', 'Contract already exists');
      const { contractNumber, clientId, startDate, endDate, valuePence, services, renewalDate } = command.input;
      checkDates(startDate, endDate, renewalDate);
      // The same service typed twice is one service.
      const distinct = services.filter(
        (service, index) => services.findIndex((other) => other.toLowerCase() === service.toLowerCase()) === index,
      );
      return [
        {
          type: 'ContractCreated',
          data: {
            contractId: command.contractId,
            contractNumber,
            clientId,
            startDate,
            endDate,
            valuePence,
            services: distinct,
            renewalDate,
          },
        },
      ];
    }
    case 'RenewContract': {
      if (!state.exists) throw new DomainError('not_found', CONTRACT_NOT_FOUND);
      const { endDate, renewalDate, valuePence } = command.input;
      if (endDate <= state.endDate)
        throw new DomainError('invalid', 'A renewal must end after the current end date', 'endDate');
      checkDates(state.startDate, endDate, renewalDate);
      return [
        {
          type: 'ContractRenewed',
          data: { contractId: command.contractId, clientId: state.clientId, endDate, renewalDate, valuePence },
        },
      ];
    }
    default:
      return assertNever(command);
  }
}
