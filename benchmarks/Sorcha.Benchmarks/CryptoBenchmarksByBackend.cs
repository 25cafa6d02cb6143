using BenchmarkDotNet.Attributes;
using Sorcha.Cryptography;

namespace Sorcha.Benchmarks;

/// <summary>
/// Ed25519 and X25519 on each backend side by side (libsodium through P/Invoke, and the managed fallback: our ref10
/// port and BouncyCastle's X25519), one thread. Signatures.Sign uses the cached public key, i.e. SignKnownKey.
/// The libsodium rows need libsodium23 installed; without it they fail in setup rather than measure the fallback.
/// </summary>
[MemoryDiagnoser]
public class CryptoBenchmarksByBackend
{
    private readonly byte[] _message = new byte[32]; // a txId
    private readonly byte[] _seed = new byte[32];
    private readonly byte[] _publicKey = new byte[32];
    private readonly byte[] _signature = new byte[64];
    private readonly byte[] _output = new byte[64];
    private readonly byte[] _x25519Private = new byte[32];
    private byte[] _x25519Peer = null!;

    [Params("libsodium", "managed")]
    public string Backend { get; set; } = "libsodium";

    private bool Native => Backend == "libsodium";

    [GlobalSetup]
    public void Setup()
    {
        if (Native && !CryptoBackend.IsNative)
        {
            throw new InvalidOperationException($"libsodium is not loaded: {CryptoBackend.Reason}");
        }

        Random.Shared.NextBytes(_message);
        Random.Shared.NextBytes(_seed);
        Random.Shared.NextBytes(_x25519Private);
        ManagedEd25519.PublicKeyFromSeed(_seed, _publicKey);
        ManagedEd25519.Sign(_seed, _publicKey, _message, _signature);
        _x25519Peer = X25519Keys.PublicKey(Hashes.Sha256(_x25519Private));
    }

    /// <summary>What a service pays per signature once the key is known (the public API's path).</summary>
    [Benchmark]
    public byte[] Ed25519SignKnownKey()
    {
        if (Native)
        {
            SodiumEd25519.Sign(_seed, _publicKey, _message, _output);
        }
        else
        {
            ManagedEd25519.Sign(_seed, _publicKey, _message, _output);
        }

        return _output;
    }

    /// <summary>Deriving the public key as well: the first signature with a key, and every one before the cache.</summary>
    [Benchmark]
    public byte[] Ed25519SignDerivingKey()
    {
        if (Native)
        {
            SodiumEd25519.PublicKeyFromSeed(_seed, _output.AsSpan(0, 32));
            SodiumEd25519.Sign(_seed, _output.AsSpan(0, 32), _message, _output);
        }
        else
        {
            ManagedEd25519.Sign(_seed, default, _message, _output);
        }

        return _output;
    }

    [Benchmark]
    public bool Ed25519Verify() => Native
        ? SodiumEd25519.Verify(_publicKey, _message, _signature)
        : ManagedEd25519.Verify(_publicKey, _message, _signature);

    [Benchmark]
    public bool X25519SharedSecret() => Native
        ? SodiumX25519.TrySharedSecret(_x25519Private, _x25519Peer, _output.AsSpan(0, 32))
        : BouncyCastleX25519.TrySharedSecret(_x25519Private, _x25519Peer, _output.AsSpan(0, 32));

    [Benchmark]
    public byte[] X25519PublicKey()
    {
        if (Native)
        {
            SodiumX25519.PublicKey(_x25519Private, _output.AsSpan(0, 32));
        }
        else
        {
            BouncyCastleX25519.PublicKey(_x25519Private, _output.AsSpan(0, 32));
        }

        return _output;
    }
}
