// Nothing left in English: Orders, Inventory and the creator pages.
// The check itself (what counts as English, data and shared words) is in tests/helpers/untranslated.tsx.
import { act, screen } from '@testing-library/react';
import { CreativeBrief, CreatorDetail, ShipmentTracking, ShippingLabel } from '../../widgets/creator';
import { Inventory } from '../../widgets/inventory';
import { Orders } from '../../widgets/orders';
import { expectNothingLeftInEnglish } from '../helpers/untranslated';

/** Opens an order from the Orders list by its number (the row's label is translated, its number is not). */
async function openOrder(orderNumber: string) {
  const rows = await screen.findAllByRole('row', { name: new RegExp(`${orderNumber}$`) });
  rows[0].click();
  await screen.findByRole('heading', { level: 1, name: new RegExp(`${orderNumber}$`) });
}

expectNothingLeftInEnglish([
  { name: 'Orders (list)', ui: () => <Orders /> },
  {
    name: 'Order detail (Add Tracking open)',
    ui: () => <Orders />,
    open: async () => {
      await act(async () => openOrder('ORD-1002'));
      const addTracking = await screen.findByRole('button', { expanded: false });
      await act(async () => addTracking.click());
    },
  },
  {
    name: 'Order shipping label',
    ui: () => <Orders />,
    open: async () => {
      await act(async () => openOrder('ORD-1003'));
      await act(async () => screen.getByRole('button', { name: /^(Print Label|Imprimir etiqueta|Imprimer l’étiquette)$/ }).click());
    },
  },
  {
    name: 'New Order',
    ui: () => <Orders />,
    open: async () => {
      await act(async () => screen.getByRole('button', { name: /^(New Order|Nuevo pedido|Nouvelle commande)$/ }).click());
    },
  },
  { name: 'Inventory', ui: () => <Inventory /> },
  {
    name: 'Inventory item details',
    ui: () => <Inventory />,
    open: async () => {
      const [view] = await screen.findAllByRole('button', { name: /^(View details of|Ver los detalles de|Voir le détail de) / });
      await act(async () => view.click());
    },
  },
  {
    name: 'Inventory Add Item',
    ui: () => <Inventory />,
    open: async () => {
      await act(async () => screen.getByRole('button', { name: /^(Add Item|Añadir artículo|Ajouter un article)$/ }).click());
    },
  },
  // A creator at Shipped: the agreement shows too.
  { name: 'Creator detail', ui: () => <CreatorDetail creatorId="CR12347" /> },
  {
    name: 'Creator detail (Send Outreach open)',
    ui: () => <CreatorDetail creatorId="CR12347" />,
    open: async () => {
      await act(async () => screen.getByRole('button', { name: /^(Send Outreach|Enviar mensaje|Envoyer un message)$/ }).click());
    },
  },
  {
    name: 'Creator detail (a step being edited)',
    ui: () => <CreatorDetail creatorId="CR12347" />,
    open: async () => {
      await act(async () => screen.getAllByRole('button', { name: /^(Edit step|Editar el paso|Modifier l’étape) / })[0].click());
    },
  },
  {
    name: 'Creator shipping label (generated)',
    ui: () => <ShippingLabel creatorId="CR12347" />,
    open: async () => {
      await act(async () => screen.getByRole('button', { name: /^(Generate Label|Generar etiqueta|Générer l’étiquette)$/ }).click());
    },
  },
  { name: 'Creator shipment tracking', ui: () => <ShipmentTracking creatorId="CR12347" /> },
  { name: 'Creative brief', ui: () => <CreativeBrief creatorId="CR12347" /> },
  {
    name: 'Inventory Add Item (an empty item refused)',
    ui: () => <Inventory />,
    open: async () => {
      await act(async () => screen.getByRole('button', { name: /^(Add Item|Añadir artículo|Ajouter un article)$/ }).click());
      await act(async () => screen.getByRole('dialog').querySelector<HTMLButtonElement>('button[type="submit"]')!.click());
      await screen.findByRole('alert');
    },
  },
]);
