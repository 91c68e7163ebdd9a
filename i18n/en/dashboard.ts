export const dashboard = {
  title: 'Dashboard',
  subscription: {
    expired: 'Your subscription has expired',
    expiredText: 'Your chatbot no longer answers. Renew your subscription to switch it back on.',
    trialing: 'Trial',
    plan: 'Plan %{plan}: %{state}',
  },
  stats: {
    messagesToday: 'Messages today',
    messagesThisMonth: 'Messages this month',
    chats: 'Chats',
    messages: 'Messages',
    avgMessagesPerChat: 'Messages per chat',
    avgLeadsPerChat: 'Contacts per chat',
    contactsCollected: 'Contacts collected',
  },
  usedMessages: 'Messages used this month',
  chart: { title: 'Messages per day (last 30 days)', messages: 'Messages' },
  history: {
    title: 'Chat history',
    unread: 'Unread chats',
    contact: 'Contact requests',
    hr: 'HR chats',
    favorites: 'Marked chats',
    open: 'Open chat history',
  },
  // Visitors' thumbs up / down on answers in the widget (issue 15).
  feedback: {
    title: 'Ratings of answers',
    up: 'Helpful (thumbs up)',
    down: 'Not helpful (thumbs down)',
    hint: 'Visitors rate answers with thumbs up or down in the chat window.',
  },
  plan: {
    title: 'Your plan: %{plan}',
    limits: 'Up to %{languages} languages, %{webpages} webpages, %{cycles} training cycles and %{messages} messages a month.',
    features: {
      stylingAllowed: 'Styling and colors',
      contactCollectionAllowed: 'Collecting contacts',
      brandingRemovalAllowed: 'Removing the branding',
    },
  },
};
