/** Software, apps and online services sold to businesses and consumers: SaaS and app makers, web agencies, IT service providers, hosting and telecommunication providers, online platforms. */
export const DIGITAL_GLOSSARY: string[][] = [
  // Plans, users, billing
  // Not "Plan", "plan": the German word is a rota or a map as often ("Dienstplan", "Lageplan").
  ['tarif', 'tarife', 'paket', 'pakete', 'pricing plan', 'pricing plans', 'subscription plan', 'package', 'packages', 'edition', 'editions', 'tier', 'tiers'],
  ['nutzer', 'benutzer', 'anwender', 'user', 'users', 'seat', 'seats'],
  ['pro nutzer', 'pro benutzer', 'pro mitarbeiter', 'pro mitarbeitenden', 'pro person', 'pro kopf', 'per user', 'per seat', 'per employee', 'per person', 'per head'],
  ['lizenz', 'lizenzen', 'lizenzkosten', 'license', 'licenses', 'licence', 'licences', 'licensing'],
  ['testphase', 'testzeitraum', 'testversion', 'testzugang', 'kostenlos testen', 'gratis testen', 'probezeitraum', 'probemonat', 'free trial', 'trial', 'trial period', 'trial version'],
  ['upgrade', 'upgraden', 'hochstufen', 'tarifwechsel', 'tarif wechseln', 'downgrade', 'switch plans', 'change plan', 'change plans'],
  ['privatperson', 'privatpersonen', 'privatkunde', 'privatkunden', 'verbraucher', 'verbraucherin', 'private individual', 'private individuals', 'private customer', 'private customers', 'consumer', 'consumers'],
  ['geschäftskunde', 'geschäftskunden', 'gewerbekunde', 'gewerbekunden', 'unternehmer', 'gewerbetreibende', 'business customer', 'business customers', 'b2b'],
  ['gemeinnützig', 'gemeinnützige', 'gemeinnützigen', 'non-profit', 'nonprofit', 'non-profits', 'charity', 'charities', 'ngo', 'ngos'],

  // Product, releases, availability
  ['funktion', 'funktionen', 'funktionsumfang', 'feature', 'features', 'functionality', 'functions'],
  ['neue version', 'neueste version', 'letzte version', 'aktuelle version', 'release', 'releases', 'latest version', 'new version', 'current version'],
  ['neuerungen', 'neuigkeiten', 'was ist neu', 'änderungsprotokoll', 'versionshinweise', 'changelog', 'release notes', "what's new", 'new features'],
  ['aktualisierung', 'aktualisierungen', 'update', 'updates', 'aktualisieren'],
  ['wartungsarbeiten', 'wartungsfenster', 'geplante wartung', 'scheduled maintenance', 'maintenance window', 'downtime'],
  ['störung', 'störungen', 'ausfall', 'ausfälle', 'systemstatus', 'outage', 'outages', 'incident', 'incidents', 'system status', 'service status'],
  ['verfügbarkeit', 'erreichbarkeit', 'uptime', 'availability', 'sla'],
  ['app', 'apps', 'handy-app', 'smartphone-app', 'mobile app', 'mobile apps', 'iphone app', 'android app'],
  ['offline', 'ohne internet', 'ohne netz', 'kein empfang', 'ohne verbindung', 'no internet', 'without internet', 'no connection', 'no signal'],
  ['browser', 'webbrowser', 'web browser', 'web app', 'webapp'],
  ['systemvoraussetzungen', 'systemanforderungen', 'voraussetzungen', 'system requirements', 'requirements', 'supported devices'],

  // Integrations and data
  ['schnittstelle', 'schnittstellen', 'anbindung', 'anbindungen', 'integration', 'integrationen', 'integrations', 'interface', 'interfaces', 'connector', 'connectors', 'api'],
  ['export', 'exportieren', 'exportiert', 'datenexport', 'daten exportieren', 'export data', 'data export'],
  ['import', 'importieren', 'importiert', 'datenimport', 'datenübernahme', 'daten übernehmen', 'migration', 'import data', 'data import', 'migrate'],
  // Where data is "stored" is where it is hosted; how much may be stored ("storage") is another matter.
  ['hosting', 'gehostet', 'rechenzentrum', 'rechenzentren', 'serverstandort', 'speicherort', 'server', 'hosted', 'stored', 'data centre', 'data center', 'data centres', 'data centers', 'servers'],
  ['verschlüsselung', 'verschlüsselt', 'verschlüsseln', 'encryption', 'encrypted', 'encrypt'],
  ['auftragsverarbeitung', 'auftragsverarbeitungsvertrag', 'av-vertrag', 'avv', 'data processing agreement', 'dpa'],
  ['dsgvo', 'datenschutz-grundverordnung', 'gdpr'],
  ['zertifiziert', 'zertifizierung', 'zertifizierungen', 'certified', 'certification', 'certifications'],
  ['löschen', 'gelöscht', 'löschung', 'datenlöschung', 'delete', 'deleted', 'deletion', 'erase', 'erased'],
  ['zwei-faktor-authentifizierung', 'zwei-faktor', '2fa', 'two-factor authentication', 'two-factor', 'mfa', 'multi-factor authentication'],
  ['einloggen', 'login', 'log-in', 'log in', 'sign in', 'anmeldedaten', 'zugangsdaten', 'login details', 'credentials'],
  ['konto', 'benutzerkonto', 'kundenkonto', 'account', 'user account'],
  ['sicherheitslücke', 'sicherheitslücken', 'schwachstelle', 'schwachstellen', 'vulnerability', 'vulnerabilities', 'security issue', 'bug bounty'],

  // Help, onboarding, partners
  ['support', 'technischer support', 'helpdesk', 'service desk', 'help desk', 'technical support', 'tech support'],
  ['antwortzeit', 'antwortzeiten', 'reaktionszeit', 'reaktionszeiten', 'response time', 'response times'],
  ['einführung', 'einführungsschulung', 'einarbeitung', 'onboarding', 'setup', 'set-up', 'getting started'],
  ['schulung', 'schulungen', 'webinar', 'webinare', 'webinars', 'online-schulung', 'training session', 'training sessions', 'online training'],
  ['anleitung', 'anleitungen', 'handbuch', 'hilfe-center', 'hilfeartikel', 'tutorial', 'tutorials', 'manual', 'user guide', 'help center', 'help centre', 'knowledge base'],
  ['partnerprogramm', 'vertriebspartner', 'wiederverkäufer', 'reseller', 'resellers', 'partner programme', 'partner program', 'affiliate', 'affiliates'],
  ['provision', 'provisionen', 'commission', 'commissions', 'referral fee'],
  ['agentur', 'agenturen', 'webagentur', 'digitalagentur', 'agency', 'agencies', 'web agency', 'digital agency'],
  ['webdesign', 'website erstellen', 'homepage erstellen', 'web design', 'website design', 'build a website'],
];
