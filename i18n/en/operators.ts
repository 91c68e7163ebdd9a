/** The operator console: the customer list, admin view of a customer, the end of an admin view. */
export const operators = {
  menu: 'Customers',
  customers: {
    title: 'Customers',
    fields: {
      email: 'Owner email',
      name: 'Name',
      company: 'Company',
      plan: 'Plan',
      status: 'Subscription',
      chatbots: 'Chatbots',
      createdAt: 'Created',
      lastActivityAt: 'Last activity',
      hasChatbot: 'Chatbot',
    },
    search: 'Search by email, name or company',
    status: { trialing: 'Trial', active: 'Active', canceled: 'Cancelled', expired: 'Expired', demo: 'Demo', none: 'No subscription' },
    hasChatbot: { yes: 'With chatbot', no: 'Without chatbot' },
    open: 'Open %{email} in the admin view',
    empty: 'No customers match these filters.',
    exportFile: 'customers',
  },
  expired: {
    title: 'Admin view ended',
    message: 'Your admin access to this customer has expired. Open the customer again from the customer list.',
    back: 'Back to the customer list',
  },
};
