export * from './travel-estimate';
export * from './uk-postcode';
