import { formatPoundsLimit, type AgencySettings, type ContractView, ukDate } from '@care/events';
import type { PdfSpec } from '@care/documents';

const STATUS_LABELS = { upcoming: 'Upcoming', active: 'Active', expired: 'Expired' } as const;

/** View Contract: the agreement as a PDF, with the agency's details from the admin's settings. */
export function contractPdfSpec(
  contract: ContractView,
  agency: Pick<AgencySettings, 'agencyName' | 'agencyAddress' | 'agencyPhone' | 'agencyEmail'>,
): PdfSpec {
  const from: [string, string][] = [['Provider', agency.agencyName ?? 'The agency (name not set in Settings)']];
  if (agency.agencyAddress) from.push(['Address', agency.agencyAddress]);
  if (agency.agencyPhone) from.push(['Phone', agency.agencyPhone]);
  if (agency.agencyEmail) from.push(['Email', agency.agencyEmail]);
  return {
    title: `Contract ${contract.contractNumber}`,
    subtitle: `${STATUS_LABELS[contract.status]} · ${ukDate(contract.startDate)} to ${ukDate(contract.endDate)}`,
    blocks: [
      { kind: 'fields', rows: from },
      {
        kind: 'fields',
        rows: [
          ['Client', contract.clientName ?? contract.clientId],
          ['Contract number', contract.contractNumber],
          ['Start date', ukDate(contract.startDate)],
          ['End date', ukDate(contract.endDate)],
          ['Renewal date', ukDate(contract.renewalDate)],
          ['Value', formatPoundsLimit(contract.valuePence)],
          ['Status', STATUS_LABELS[contract.status]],
        ],
      },
      { kind: 'heading', text: 'Services' },
      { kind: 'table', columns: [{ header: 'Service' }], rows: contract.services.map((service) => [service]) },
    ],
  };
}
