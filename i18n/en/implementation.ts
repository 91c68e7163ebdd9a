export const implementation = { title: 'Implementation', default: 'Website', shopify: 'Shopify' };
