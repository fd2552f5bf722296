import { adminGalleriesContract as contract, type TPhotoPerson } from '@club/shared/contract/admin-galleries';
import { adminMembersContract } from '@club/shared/contract/admin-members';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchData, queryKeyOf, queryPrefixOf } from '../../../lib/endpoint';

/** Who a gallery photo shows (issue 31): read when its dialog opens, tagged and untagged by staff. */
type Photo = { id: number; photoId: number };

const peopleKey = (p: Photo) => queryKeyOf(contract.photoPeople, { params: p });

export const usePhotoPeople = (p: Photo, enabled: boolean) =>
  useQuery({
    queryKey: peopleKey(p),
    queryFn: () => fetchData(contract.photoPeople, { params: p }),
    enabled,
  });

function usePeopleChange<V>(p: Photo, call: (v: V) => Promise<TPhotoPerson[]>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (people) => {
      client.setQueryData(peopleKey(p), people);
      // The members' console pages list their photos.
      void client.invalidateQueries({ queryKey: queryPrefixOf(adminMembersContract.member) });
    },
  });
}

export const useTagPerson = (p: Photo) =>
  usePeopleChange(p, (member: string) => fetchData(contract.tagPhotoPerson, { params: p, body: { member } }));

export const useUntagPerson = (p: Photo) =>
  usePeopleChange(p, (userId: number) => fetchData(contract.untagPhotoPerson, { params: { ...p, userId } }));
