namespace Sorcha.Cryptography;

/// <summary>
/// A private key and its public key in the API's formats (see <see cref="Signatures"/> and <see cref="WalletKeyDerivation"/>).
/// </summary>
public sealed record KeyPair(byte[] PrivateKey, byte[] PublicKey)
{
    // Records print every member; a key pair that lands in a log must not carry its private half there.
    public override string ToString() => $"KeyPair {{ PublicKey = {Hashes.ToHex(PublicKey)} }}";
}
