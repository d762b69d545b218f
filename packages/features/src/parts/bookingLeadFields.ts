/** What a booking's lead shows (`BookingLead`); the page's field grid leaves these out (the rest follows). */
export const bookingLeadFields = [
  'deliveryDate',
  'status',
  'callStatus',
  'messageState',
  'shipToId',
  'shipToName',
  'shipToTel',
  'shipToAddress',
] as const;
