import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The wallet's rates, as operators set them: rupees per point redeemed and the smallest withdrawal. */
export interface WalletRates {
  convert_value: number;
  minimum_withdrawal: number;
}

/** GET /convert-value */
export async function getWalletRates(): Promise<WalletRates> {
  const { data } = await api.get<WalletRates>('/convert-value');
  return data;
}

export const walletRatesQueryOptions = () => queryOptions({ queryKey: ['convert-value'], queryFn: getWalletRates });

export const useWalletRates = () => useQuery(walletRatesQueryOptions());

/** Rupees credited per point redeemed. */
export const useConvertValue = () => useQuery({ ...walletRatesQueryOptions(), select: (rates) => rates.convert_value });
