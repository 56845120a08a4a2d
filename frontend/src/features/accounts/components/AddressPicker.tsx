import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { PageLoader } from '@/components/PageLoader';
import { useAddresses } from '../api';
import { useAddressMutations } from '../api/mutations';
import type { Address } from '../types';
import { formatAddress } from '@/lib/address';
import { AddressForm } from './AddressForm';

/** The address preselected at checkout: the default one, else the first. */
export function preselectAddress(addresses: Address[]): string | null {
  return (addresses.find((a) => a.isDefault) ?? addresses[0])?.id ?? null;
}

interface Props {
  selectedId: string | null;
  onSelect: (id: string | null) => void;
}

/** Checkout: radio choice of delivery address, inline edit and add new. */
export function AddressPicker({ selectedId, onSelect }: Props) {
  const { data: addresses = [], isLoading } = useAddresses();
  const { save } = useAddressMutations('checkout');
  const [editing, setEditing] = useState<string | 'new' | null>(null);

  useEffect(() => {
    if (!addresses.length) {
      if (selectedId) onSelect(null);
      return;
    }
    if (!selectedId || !addresses.some((a) => a.id === selectedId)) onSelect(preselectAddress(addresses));
  }, [addresses, selectedId, onSelect]);

  if (isLoading) return <PageLoader label="Loading addresses" />;

  return (
    <Box>
      {addresses.length === 0 && editing !== 'new' && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          No addresses yet. Add a delivery address to continue.
        </Typography>
      )}
      <RadioGroup
        aria-label="Delivery address"
        name="delivery-address"
        value={selectedId ?? ''}
        onChange={(e) => onSelect(e.target.value)}
      >
        {addresses.map((a) => (
          <Paper key={a.id} variant="outlined" sx={{ p: 1.5, mb: 1.5, borderColor: a.id === selectedId ? 'primary.main' : 'divider' }}>
            {editing === a.id ? (
              <AddressForm
                initial={a}
                submitLabel="Save"
                busy={save.isPending}
                saveError={save.error}
                onCancel={() => setEditing(null)}
                onSubmit={(input) => save.mutate({ id: a.id, input }, { onSuccess: () => setEditing(null) })}
              />
            ) : (
              <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, justifyContent: 'space-between' }}>
                <FormControlLabel
                  value={a.id}
                  control={<Radio />}
                  sx={{ minWidth: 0, mr: 0 }}
                  label={
                    <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                      {formatAddress(a)} {a.isDefault && <Chip label="Default" size="small" sx={{ ml: 0.5 }} />}
                    </Box>
                  }
                />
                <Button size="small" onClick={() => setEditing(a.id)} aria-label={`Edit address ${formatAddress(a)}`}>
                  Edit
                </Button>
              </Box>
            )}
          </Paper>
        ))}
      </RadioGroup>
      {editing === 'new' ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1" component="h3" gutterBottom>
            New address
          </Typography>
          <AddressForm
            initial={null}
            submitLabel="Add Address"
            busy={save.isPending}
            saveError={save.error}
            onCancel={() => setEditing(null)}
            onSubmit={(input) =>
              save.mutate(
                { id: null, input },
                {
                  onSuccess: (created) => {
                    setEditing(null);
                    if (created?.id) onSelect(created.id);
                  },
                },
              )
            }
          />
        </Paper>
      ) : (
        <Button startIcon={<AddIcon />} onClick={() => setEditing('new')}>
          Add New Address
        </Button>
      )}
    </Box>
  );
}
