import type { implementation as en } from '../en/implementation.ts';
import type { MessagesOf } from '../types.ts';
import { shell } from './shell.ts';
export const implementation: MessagesOf<typeof en> = {
  ...shell.implementation,
  default: 'Beliebige Website',
  shopify: 'Shopify-Onlineshop',
  snippetTitle: 'Ihr Chatbot-Code',
  snippetIntro: 'Fügen Sie diese Zeile in den <head>-Bereich jeder Seite ein, auf der der Chatbot erscheinen soll.',
  copy: 'Code kopieren',
  copyFailed: 'Der Code konnte nicht kopiert werden: Bitte markieren und von Hand kopieren',
  steps: {
    1: 'Kopieren Sie den Code oben.',
    2: 'Öffnen Sie die HTML-Vorlage Ihrer Website (oder die Einstellung Ihres Content-Management-Systems für Code im Seitenkopf).',
    3: 'Fügen Sie den Code direkt vor dem schließenden </head>-Tag ein und speichern Sie.',
    4: 'Laden Sie Ihre Website neu: Der Chatbot-Knopf erscheint in der Ecke der Seite.',
  },
  shop: {
    intro: 'Geben Sie die Adresse des Verwaltungsbereichs Ihres Shops ein: Wir erstellen den Link zum Code-Editor des Themes, in den der Code gehört.',
    adminUrl: 'Admin-URL des Shops',
    adminUrlHint: 'z. B. https://admin.shopify.com/store/mein-shop oder https://mein-shop.myshopify.com/admin',
    invalid: 'Keine Admin-URL eines Shopify-Shops',
    convert: 'Link erstellen',
    result: 'Öffnen Sie den Code-Editor Ihres Themes:',
    steps: {
      1: 'Kopieren Sie den Chatbot-Code oben.',
      2: 'Öffnen Sie den Code-Editor des Themes (Link oben) oder in der Shop-Verwaltung Onlineshop → Themes → … → Code bearbeiten.',
      3: 'Öffnen Sie die Datei layout/theme.liquid.',
      4: 'Fügen Sie den Code direkt vor dem schließenden </head>-Tag ein.',
      5: 'Speichern Sie und öffnen Sie Ihren Shop: Der Chatbot-Knopf erscheint in der Ecke.',
    },
  },
};
