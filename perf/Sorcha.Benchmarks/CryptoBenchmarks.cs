using BenchmarkDotNet.Attributes;
using Sorcha.Cryptography;

namespace Sorcha.Benchmarks;

/// <summary>In-process sign, verify, seal and open per algorithm on one thread: the ops/s figures of docs/performance.md.</summary>
[MemoryDiagnoser]
public class CryptoBenchmarks
{
    private readonly byte[] _message = new byte[32]; // what the ledger signs: a txId
    private readonly byte[] _plaintext = new byte[1024];
    private WalletKeys _keys = null!;
    private byte[] _signature = null!;
    private Envelope _envelope = null!;
    private string _address = null!;

    [Params(SignatureAlgorithm.ED25519, SignatureAlgorithm.NISTP256, SignatureAlgorithm.RSA4096)]
    public SignatureAlgorithm Algorithm { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        Random.Shared.NextBytes(_message);
        Random.Shared.NextBytes(_plaintext);
        _keys = WalletKeyDerivation.Generate(Algorithm);
        _address = Addresses.FromPublicKey(Algorithm, _keys.Signing.PublicKey);
        _signature = Signatures.Sign(Algorithm, _keys.Signing.PrivateKey, _message);
        _envelope = Envelopes.Seal(Algorithm, _address, _keys.Encryption.PublicKey, _plaintext);
    }

    [Benchmark]
    public byte[] Sign() => Signatures.Sign(Algorithm, _keys.Signing.PrivateKey, _message);

    [Benchmark]
    public bool Verify() => Signatures.Verify(Algorithm, _keys.Signing.PublicKey, _message, _signature);

    [Benchmark]
    public Envelope Encrypt1KiB() => Envelopes.Seal(Algorithm, _address, _keys.Encryption.PublicKey, _plaintext);

    [Benchmark]
    public byte[] Decrypt1KiB() => Envelopes.Open(_envelope, _keys.Encryption.PrivateKey, _keys.Encryption.PublicKey);
}
