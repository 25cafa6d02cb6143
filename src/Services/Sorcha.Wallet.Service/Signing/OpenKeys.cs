using System.Collections.Concurrent;
using Microsoft.Extensions.Options;
using Sorcha.ApiPlatform.Secrets;
using Sorcha.Cryptography;
using Sorcha.Wallet.Service.Storage;

namespace Sorcha.Wallet.Service.Signing;

/// <summary>
/// Wallets' signing keys kept open between requests (kept for signing speed against the original service; docs/performance.md, "Wallet reads and
/// signs"). Opening a key per sign (AES-GCM under the KEK, then a guarded allocation and a scalar multiplication) cost more than the
/// signature itself. The rules:
/// <list type="bullet">
/// <item>Only Ed25519 keys, and only as <see cref="Ed25519Key"/> (libsodium's guarded, locked memory), never in managed
/// arrays; NISTP256 and RSA4096 keys are opened for each call as before.</item>
/// <item>Bounded: at most <see cref="OpenKeysOptions.MaxKeys"/> (the least recently used goes first), each dropped once
/// unused for <see cref="OpenKeysOptions.IdleSeconds"/>; 0 turns keeping off.</item>
/// <item>Dropped and zeroed when the wallet is deleted (here at once; on other replicas when the deletion's message
/// arrives, <see cref="WalletRedisKeys.Deleted"/>), when the record's sealed keys differ from those it was opened
/// from, and at shutdown.</item>
/// <item>Never trusted on its own: every sign reads the wallet's record first (ownership is checked there, as before),
/// and an open key is used only if it was opened from the very sealed keys that record holds. A deleted wallet has
/// no record, so once its deletion is answered no replica signs for it, whatever it still holds open.</item>
/// </list>
/// </summary>
public sealed class OpenKeys : IDisposable
{
    private readonly ConcurrentDictionary<string, Entry> _open = new(StringComparer.Ordinal);
    private readonly Lock _writes = new();
    private readonly OpenKeysOptions _options;
    private readonly TimeProvider _clock;
    private readonly ITimer? _sweeper;

    public OpenKeys(IOptions<OpenKeysOptions> options, TimeProvider clock)
    {
        _options = options.Value;
        _clock = clock;
        SigningTelemetry.Track(this);
        if (Keeps)
        {
            var period = TimeSpan.FromSeconds(Math.Max(1, _options.IdleSeconds / 2.0));
            _sweeper = clock.CreateTimer(_ => Sweep(), null, period, period);
        }
    }

    /// <summary>How many keys are open now.</summary>
    public int Count => _open.Count;

    private bool Keeps => _options.IdleSeconds > 0 && _options.MaxKeys > 0;

    /// <summary>The wallet's signature of <paramref name="data"/>, with its open key when that matches the record.</summary>
    public byte[] Sign(KeyEncryptionKey kek, WalletRecord wallet, ReadOnlySpan<byte> data)
    {
        SigningTelemetry.Signed(wallet.Algorithm);
        if (!Keeps || wallet.Algorithm != SignatureAlgorithm.ED25519)
        {
            return SignOnce(kek, wallet, data);
        }

        while (true)
        {
            var hit = _open.TryGetValue(wallet.Address, out var found) && found.OpenedFrom(wallet);
            (hit ? SigningTelemetry.KeyCacheHits : SigningTelemetry.KeyCacheMisses).Add(1);
            var entry = hit ? found! : Open(kek, wallet);
            if (entry.TryAcquire())
            {
                try
                {
                    Volatile.Write(ref entry.LastUsed, _clock.GetTimestamp());
                    return entry.Key.Sign(data);
                }
                finally
                {
                    entry.Release();
                }
            }

            // Dropped between the lookup and the acquisition (swept, evicted, deleted): it is out of the map by now.
        }
    }

    /// <summary>Drops the wallet's open key, if any (its deletion, here or on another replica).</summary>
    public void Drop(string address)
    {
        lock (_writes)
        {
            if (_open.TryRemove(address, out var entry))
            {
                entry.Dispose();
            }
        }
    }

    /// <summary>Drops this very entry if it is still the one open (not one opened since).</summary>
    private void Drop(KeyValuePair<string, Entry> open)
    {
        lock (_writes)
        {
            if (_open.TryRemove(open))
            {
                open.Value.Dispose();
            }
        }
    }

    public void Dispose()
    {
        _sweeper?.Dispose();
        lock (_writes)
        {
            foreach (var address in _open.Keys)
            {
                Drop(address);
            }
        }
    }

    private static byte[] SignOnce(KeyEncryptionKey kek, WalletRecord wallet, ReadOnlySpan<byte> data)
    {
        var (signing, encryption) = SealedKeys.Open(kek, wallet);
        try
        {
            return Signatures.Sign(wallet.Algorithm, signing, data);
        }
        finally
        {
            System.Security.Cryptography.CryptographicOperations.ZeroMemory(signing);
            System.Security.Cryptography.CryptographicOperations.ZeroMemory(encryption);
        }
    }

    private Entry Open(KeyEncryptionKey kek, WalletRecord wallet)
    {
        var (signing, encryption) = SealedKeys.Open(kek, wallet);
        Entry entry;
        try
        {
            entry = new Entry(wallet.SealedPrivateKeys, Ed25519Key.Import(signing), _clock.GetTimestamp());
        }
        finally
        {
            System.Security.Cryptography.CryptographicOperations.ZeroMemory(signing);
            System.Security.Cryptography.CryptographicOperations.ZeroMemory(encryption);
        }

        lock (_writes)
        {
            if (_open.TryGetValue(wallet.Address, out var current) && current.OpenedFrom(wallet))
            {
                entry.Dispose(); // another request opened the same keys first
                return current;
            }

            Drop(wallet.Address);
            if (_open.Count >= _options.MaxKeys && _open.MinBy(e => Volatile.Read(ref e.Value.LastUsed)) is { Key: not null } oldest)
            {
                Drop(oldest);
            }

            _open[wallet.Address] = entry;
            return entry;
        }
    }

    private void Sweep()
    {
        var idleSince = _clock.GetTimestamp() - (long)(_options.IdleSeconds * _clock.TimestampFrequency);
        foreach (var open in _open)
        {
            if (Volatile.Read(ref open.Value.LastUsed) < idleSince)
            {
                Drop(open);
            }
        }
    }

    /// <summary>
    /// An open key and its users, counted without a lock: every request of a busy wallet signs with the same entry, and
    /// a lock made them wait for each other's signature. The map's reference counts as one user; dropping gives it up,
    /// and the key is disposed (zeroed) when the last user releases it, never while a signature is being made.
    /// </summary>
    private sealed class Entry(byte[] sealedKeys, Ed25519Key key, long lastUsed) : IDisposable
    {
        public long LastUsed = lastUsed;
        private int _users = 1;
        private int _dropped;

        public Ed25519Key Key { get; } = key;

        public bool OpenedFrom(WalletRecord wallet) => sealedKeys.AsSpan().SequenceEqual(wallet.SealedPrivateKeys);

        /// <summary>False once dropped and released by all: the caller opens the key again.</summary>
        public bool TryAcquire()
        {
            for (var users = Volatile.Read(ref _users); users > 0; users = Volatile.Read(ref _users))
            {
                if (Interlocked.CompareExchange(ref _users, users + 1, users) == users)
                {
                    return true;
                }
            }

            return false;
        }

        public void Release()
        {
            if (Interlocked.Decrement(ref _users) == 0)
            {
                Key.Dispose();
            }
        }

        /// <summary>Gives up the map's reference (once): the key goes now, or when its last signature is done.</summary>
        public void Dispose()
        {
            if (Interlocked.Exchange(ref _dropped, 1) == 0)
            {
                Release();
            }
        }
    }
}
